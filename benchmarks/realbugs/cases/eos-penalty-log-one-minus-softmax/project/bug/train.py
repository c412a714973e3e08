import torch

from losses import stop_aware_loss
from model import StopPredictor

torch.manual_seed(0)
EOS_ID = 9
model = StopPredictor()
with torch.no_grad():
    model.lm_head.bias[EOS_ID] = 30.0
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

hidden = torch.randn(4, 8)
targets = torch.tensor([3, 5, 1, 7])
is_positive = torch.tensor([True, True, False, False])

for step in range(1):
    optimizer.zero_grad()
    logits = model(hidden)
    loss = stop_aware_loss(logits, targets, EOS_ID, is_positive)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
