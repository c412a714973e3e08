import torch
from model import TabularNet
from pytorch_lamb import Lamb

torch.manual_seed(0)
model = TabularNet()
optimizer = Lamb(model.parameters(), lr=0.01, weight_decay=0.0)
num = torch.randn(32, 6)
aux = torch.zeros(32, 4)
y = torch.randn(32)

for step in range(2):
    loss = torch.nn.functional.mse_loss(model(num, aux), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
