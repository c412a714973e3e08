import torch


class InputNormalization(torch.nn.Module):
    def __init__(self, norm_type="sentence", eps=1e-10):
        super().__init__()
        self.norm_type = norm_type
        self.eps = eps

    def _compute_current_stats(self, x):
        current_mean = torch.mean(x, dim=0)
        current_std = torch.std(x, dim=0)
        current_std = torch.max(current_std, self.eps * torch.ones_like(current_std))
        return current_mean, current_std

    def forward(self, x, lengths):
        out = torch.empty_like(x)
        for snt_id in range(x.shape[0]):
            actual_size = int(torch.round(lengths[snt_id] * x.shape[1]))
            mean, std = self._compute_current_stats(x[snt_id, 0:actual_size, ...])
            out[snt_id] = (x[snt_id] - mean) / std
        return out
