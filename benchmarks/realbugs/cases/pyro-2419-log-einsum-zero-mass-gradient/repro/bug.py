import torch
import torch.nn as nn


def periodic_repeat(tensor, size, dim):
    """
    Repeat a ``period``-sized tensor up to given ``size``.
    """
    assert isinstance(size, int) and size >= 0
    assert isinstance(dim, int)
    if dim >= 0:
        dim -= tensor.dim()

    period = tensor.size(dim)
    repeats = [1] * tensor.dim()
    repeats[dim] = (size + period - 1) // period
    result = tensor.repeat(*repeats)
    result = result[(Ellipsis, slice(None, size)) + (slice(None),) * (-1 - dim)]
    return result


def einsum(equation, *operands):
    """
    Log-sum-exp implementation of einsum.
    """
    # rename symbols to support PyTorch 0.4.1 and earlier,
    # which allow only symbols a-z.
    symbols = sorted(set(equation) - set(',->'))
    rename = dict(zip(symbols, 'abcdefghijklmnopqrstuvwxyz'))
    equation = ''.join(rename.get(s, s) for s in equation)

    inputs, output = equation.split('->')
    if inputs == output:
        return operands[0][...]  # create a new object
    inputs = inputs.split(',')

    shifts = []
    exp_operands = []
    for dims, operand in zip(inputs, operands):
        shift = operand
        for i, dim in enumerate(dims):
            if dim not in output:
                shift = shift.max(i, keepdim=True)[0]
        # avoid nan due to -inf - -inf
        shift = shift.clamp(min=torch.finfo(shift.dtype).min)
        exp_operands.append((operand - shift).exp())

        # permute shift to match output
        shift = shift.reshape(torch.Size(size for size, dim in zip(operand.shape, dims)
                                         if dim in output))
        if shift.dim():
            shift = shift.reshape((1,) * (len(output) - shift.dim()) + shift.shape)
            dims = [dim for dim in dims if dim in output]
            dims = [dim for dim in output if dim not in dims] + dims
            shift = shift.permute(*(dims.index(dim) for dim in output))
        shifts.append(shift)

    result = torch.einsum(equation, exp_operands).log()
    return sum(shifts + [result])




class LeftToRightHMM(nn.Module):
    """A left-to-right (Bakis) HMM, as used for word / phone models: a state can only stay or advance by one."""

    def __init__(self, num_states, obs_dim):
        super().__init__()
        self.num_states = num_states
        self.emission = nn.Linear(obs_dim, num_states)
        allowed = torch.eye(num_states) + torch.diag(torch.ones(num_states - 1), 1)
        self.register_buffer("log_trans", torch.log(allowed / allowed.sum(-1, keepdim=True)))
        init = torch.zeros(num_states)
        init[0] = 1.0
        self.register_buffer("log_init", torch.log(init))

    def log_likelihood(self, obs):
        log_emit = torch.log_softmax(self.emission(obs), dim=-1)  # (T, S)
        alpha = self.log_init + log_emit[0]
        for t in range(1, obs.shape[0]):
            alpha = einsum("i,ij->j", alpha, self.log_trans) + log_emit[t]
        return torch.logsumexp(alpha, dim=-1)

torch.manual_seed(0)

model = LeftToRightHMM(num_states=4, obs_dim=6)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

obs = torch.randn(8, 6)  # one utterance of 8 frames
loss = -model.log_likelihood(obs)
optimizer.zero_grad()
loss.backward()
optimizer.step()
