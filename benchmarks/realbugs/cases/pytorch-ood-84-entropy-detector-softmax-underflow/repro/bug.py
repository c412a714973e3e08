# kkirchheim/pytorch-ood#84: the Entropy OOD detector scores -(p.log() * p).sum() on softmax(logits); for a
# confident classifier the softmax underflows to exactly 0 for some classes (logit gaps above ~104 in float32),
# log(0) = -inf and 0 * -inf = NaN scores, which then break the AUROC computation.
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 8 * 8, 64), nn.ReLU(), nn.Linear(64, 10)).eval()
with torch.no_grad():
    model[3].weight.mul_(300.0)  # over-confident classifier: large logit margins

x = torch.rand(16, 3, 8, 8)
with torch.no_grad():
    logits = model(x)
    p = logits.softmax(dim=1)
    scores = -(p.log() * p).sum(dim=1)
