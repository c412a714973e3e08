import torch


class Bernoulli:
    def __init__(self, ps=None, logits=None):
        if ps is None:
            ps = torch.sigmoid(logits)
        eps = torch.finfo(ps.dtype).eps
        self.ps = ps.clamp(min=eps, max=1 - eps)

    def sample(self):
        return torch.bernoulli(self.ps.detach())

    def batch_log_pdf(self, x):
        ps = self.ps
        log_pdf = x * torch.log(ps) + (1 - x) * torch.log(1 - ps)
        return log_pdf.sum(-1)
