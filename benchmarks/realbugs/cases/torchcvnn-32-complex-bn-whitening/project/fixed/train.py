import torch
import torch.nn.functional as F
from model import ComplexMLP

torch.manual_seed(0)
model = ComplexMLP()
with torch.no_grad():
    model.fc.weight[5] = 0.0
    model.fc.bias[5] = 0.0
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    z = torch.randn(16, 4, dtype=torch.complex64)
    labels = torch.randint(0, 3, (16,))
    logits, out = model(z)
    loss = F.cross_entropy(logits, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
