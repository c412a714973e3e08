import random
import torch
import torch.nn.functional as F
from model import MultiTaskNet
from pcgrad import PCGrad

torch.manual_seed(0)
random.seed(0)
net = MultiTaskNet()
with torch.no_grad():
    net.grade_head.weight.copy_(torch.tensor([[14.0] * 6, [-14.0] * 6, [14.0] * 6]))
optimizer = PCGrad(torch.optim.Adam(net.parameters(), lr=1e-3))

x = torch.rand(4, 6) + 1.0
seg_target = torch.full((4, 1), -5.0)
grade_target = torch.ones(4, dtype=torch.long)

optimizer.zero_grad()
seg_pred, grade_logits = net(x)
losses = [F.mse_loss(seg_pred, seg_target), F.cross_entropy(grade_logits, grade_target)]
optimizer.pc_backward(losses)
grad_shared = net.shared.weight.grad.clone()
optimizer.step()
print("losses", [l.item() for l in losses])
