import torch

from loss import compute_box_loss

torch.manual_seed(0)
head = torch.nn.Linear(8, 4)
feats = torch.randn(5, 8)
pred = head(feats).sigmoid()
target = torch.rand(5, 4) * 0.5 + 0.25
pred = torch.cat([pred[:3], torch.tensor([[0.5, 0.5, 0.0, 0.2]]), pred[4:]])
target[3] = torch.tensor([0.5, 0.5, 0.0, 0.3])
lbox = compute_box_loss(pred, target)
print(lbox.item())
