import torch
import torch.nn as nn

torch.manual_seed(0)

net = nn.Sequential(nn.Linear(6, 4), nn.ReLU(), nn.Linear(4, 3)).half()
with torch.no_grad():
    net[0].bias[1] = -50.0
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
x = torch.randn(8, 6).half()
y = torch.randint(0, 3, (8,))
for step in range(2):
    loss = nn.functional.cross_entropy(net(x).float(), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(loss)
