import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 5) * 2
logits[1] = torch.tensor([120.0, 0.0, 0.0, 0.0, 0.0])
target = torch.tensor([0, 3, 2, 4])

prob = F.softmax(logits, dim=1)
loss = F.nll_loss(torch.log(prob), target)
