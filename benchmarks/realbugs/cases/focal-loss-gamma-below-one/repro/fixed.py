import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)
logits[0] = torch.tensor([40.0, 0.0, 0.0])
logits.requires_grad_(True)
target = torch.tensor([0, 1, 2, 1])
gamma = 0.5

logpt = F.log_softmax(logits, dim=1).gather(1, target.view(-1, 1)).view(-1)
pt = logpt.exp()
loss = (-1 * (1 - pt).clamp(min=1e-6) ** gamma * logpt).mean()
loss.backward()
