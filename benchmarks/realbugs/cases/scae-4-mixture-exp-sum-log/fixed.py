# scae-pytorch PR #4 fixed: torch.logsumexp in both places (the PR's diff).
import torch

torch.manual_seed(0)


class MixtureDistribution(torch.distributions.Distribution):
    def __init__(self, mixing_logits, means, var=1, distribution=torch.distributions.Normal):
        super().__init__(validate_args=False)
        self._mixing_logits = mixing_logits
        self._means = means
        self._var = var
        self._distributions = distribution(loc=means, scale=var)

    @property
    def mixing_log_prob(self):
        return self._mixing_logits - torch.logsumexp(self._mixing_logits, 1, keepdim=True)

    def log_prob(self, value):
        y = value.unsqueeze(1)
        logits = self._distributions.log_prob(y)
        logits = logits.sum(dim=2) + self.mixing_log_prob.sum(dim=2)
        logits = torch.logsumexp(logits, 1)
        return logits


batch_size, n_templates, C, H, W = 2, 4, 1, 6, 6
# template presence logits grow large during training (confident templates)
mixing_logits = (torch.randn(batch_size, n_templates, C, H, W) * 40 + 60).requires_grad_()
means = torch.rand(batch_size, n_templates, C, H, W).requires_grad_()
image = torch.rand(batch_size, C, H, W)
rec_ll = MixtureDistribution(mixing_logits, means, var=0.075).log_prob(image)
loss = -rec_ll.sum()
loss.backward()
grad = mixing_logits.grad
