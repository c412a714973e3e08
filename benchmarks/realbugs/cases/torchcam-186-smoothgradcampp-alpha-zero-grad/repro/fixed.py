# fixed as in torch-cam#187: eps in the denominator of alpha.
# frgfm/torch-cam#186: SmoothGradCAMpp's alpha = g2 / (2 * g2 + sum(g3 * A)) is 0 / 0 wherever the gradient of the
# class score w.r.t. the target activation is exactly zero (positions not selected downstream, dead units).
import torch
from torch import nn

torch.manual_seed(0)
features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
head = nn.Sequential(nn.AdaptiveMaxPool2d(1), nn.Flatten(), nn.Linear(16, 5))
img = torch.rand(1, 3, 8, 8)
class_idx = 1
num_samples, std = 4, 0.3
distrib = torch.distributions.normal.Normal(0, std)

with torch.no_grad():
    act = features(img)
grad_2 = torch.zeros_like(act)
grad_3 = torch.zeros_like(act)
for _ in range(num_samples):
    noisy_input = img + distrib.sample(img.size())
    fmap = features(noisy_input)
    scores = head(fmap)
    grad = torch.autograd.grad(scores[:, class_idx].sum(), fmap)[0]
    grad_2.add_(grad.pow(2))
    grad_3.add_(grad.pow(3))
grad_2.div_(num_samples)
grad_3.div_(num_samples)

alpha = grad_2 / (2 * grad_2 + (grad_3 * act).flatten(2).sum(-1)[..., None, None] + 1e-8)
weights = alpha.mul_(torch.relu(grad)).flatten(2).sum(-1)
cam = torch.relu((weights[..., None, None] * act).sum(1))
