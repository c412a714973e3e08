import torch
from torch import nn

from pytorch_ood.detector import Entropy

torch.manual_seed(0)
# an over-confident classifier (large logit margins, e.g. trained long without label smoothing)
model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 8 * 8, 64), nn.ReLU(), nn.Linear(64, 10)).eval()
with torch.no_grad():
    model[3].weight.mul_(300.0)

detector = Entropy(model)
x_in = torch.rand(16, 3, 8, 8)           # in-distribution batch
x_out = torch.rand(16, 3, 8, 8) * 0.2    # OOD batch (dark images)
with torch.no_grad():
    scores_in = detector(x_in)
    scores_out = detector(x_out)
scores = torch.cat([scores_in, scores_out])
labels = torch.cat([torch.zeros(16), torch.ones(16)])
# AUROC-style summary: fraction of (in, out) pairs ranked correctly
auroc = (scores_out[None, :] > scores_in[:, None]).float().mean()
