import torch
from detector import TinyDetector
from metrics import IntersectionOverUnion

torch.manual_seed(0)
model = TinyDetector().eval()
with torch.no_grad():
    model.score_head.bias.fill_(0.0)
feats = [torch.randn(3, 8), torch.randn(2, 8) - 5.0]
with torch.no_grad():
    model.score_head.weight.fill_(0.3)
target = [
    {"boxes": torch.tensor([[86.0, 15.0, 214.0, 224.0]]), "labels": torch.tensor([6])},
    {"boxes": torch.tensor([[8.0, 70.0, 76.0, 110.0]]), "labels": torch.tensor([0])},
]
metric = IntersectionOverUnion()
metric.update(model(feats), target)
result = metric.compute()["iou"]
print([len(p["boxes"]) for p in model(feats)], result)
