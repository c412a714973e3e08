import torch
import torch.nn.functional as F

from model import SetEncoder

torch.manual_seed(0)
items = torch.randn(4, 5, 3)
lengths = torch.tensor([5, 2, 0, 3])
mask = (torch.arange(5)[None, :] < lengths[:, None]).float()
target = torch.randn(4)
model = SetEncoder(3, 8)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss = F.mse_loss(model(items, mask), target)
opt.zero_grad()
loss.backward()
print(loss.item())
