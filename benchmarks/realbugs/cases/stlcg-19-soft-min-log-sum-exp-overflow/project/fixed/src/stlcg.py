# -*- coding: utf-8 -*-
import torch


class Maxish(torch.nn.Module):
    '''
    Function to compute the max, or softmax, or other variants of the max function.
    '''
    def __init__(self, name="Maxish input"):
        super(Maxish, self).__init__()
        self.input_name = name

    def forward(self, x, scale, dim=1, keepdim=True):
        '''
        x is of size [batch_size, N, ...] where N is typically the trace length.
        if scale <= 0, then the true max is used, otherwise, the softmax is used.
        '''
        if scale > 0:
            return torch.logsumexp(x * scale, dim=dim, keepdim=keepdim)/scale
        else:
            return x.max(dim, keepdim=keepdim)[0]


class Minish(torch.nn.Module):
    '''
    Function to compute the min, or softmin, or other variants of the min function.
    '''
    def __init__(self, name="Minish input"):
        super(Minish, self).__init__()
        self.input_name = name

    def forward(self, x, scale, dim=1, keepdim=True):
        if scale > 0:
            return -torch.logsumexp(-x * scale, dim=dim, keepdim=keepdim)/scale
        else:
            return x.min(dim, keepdim=keepdim)[0]


class STL_Formula(torch.nn.Module):
    def __init__(self):
        super(STL_Formula, self).__init__()

    def robustness_trace(self, trace, pscale=1, scale=-1, keepdim=True, **kwargs):
        raise NotImplementedError("robustness_trace not yet implemented")

    def robustness(self, inputs, time=0, pscale=1, scale=-1, keepdim=True, **kwargs):
        return self.forward(inputs, pscale=pscale, scale=scale, keepdim=keepdim, **kwargs)[:, -(time + 1), :].unsqueeze(1)

    def forward(self, inputs, **kwargs):
        return self.robustness_trace(inputs, **kwargs)


class GreaterThan(STL_Formula):
    '''
    lhs > c, where c is a (possibly learnable) threshold
    '''
    def __init__(self, lhs="x", val=0.0):
        super(GreaterThan, self).__init__()
        self.lhs = lhs
        self.val = val

    def robustness_trace(self, trace, pscale=1.0, **kwargs):
        return (trace - self.val) * pscale


class Always(STL_Formula):
    '''
    Always subformula over the whole (reversed) trace.
    '''
    def __init__(self, subformula):
        super(Always, self).__init__()
        self.subformula = subformula
        self.operation = Minish()

    def robustness_trace(self, inputs, pscale=1, scale=-1, keepdim=True, **kwargs):
        rho = self.subformula(inputs, pscale=pscale, scale=scale, keepdim=keepdim, **kwargs)
        outs = [self.operation(rho[:, :t + 1, :], scale, dim=1, keepdim=True) for t in range(rho.shape[1])]
        return torch.cat(outs, dim=1)


class Eventually(STL_Formula):
    def __init__(self, subformula):
        super(Eventually, self).__init__()
        self.subformula = subformula
        self.operation = Maxish()

    def robustness_trace(self, inputs, pscale=1, scale=-1, keepdim=True, **kwargs):
        rho = self.subformula(inputs, pscale=pscale, scale=scale, keepdim=keepdim, **kwargs)
        outs = [self.operation(rho[:, :t + 1, :], scale, dim=1, keepdim=True) for t in range(rho.shape[1])]
        return torch.cat(outs, dim=1)
