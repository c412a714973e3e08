import torch
import torch.nn.functional as F
from model import SetEncoder

torch.manual_seed(0)
model = SetEncoder()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
items = torch.randn(4, 6, 4)
lengths = torch.tensor([6, 3, 0, 2])
mask = (torch.arange(6).unsqueeze(0) < lengths.unsqueeze(1)).float()
target = torch.randn(4, 2)

for step in range(2):
    loss = F.mse_loss(model(items, mask), target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
