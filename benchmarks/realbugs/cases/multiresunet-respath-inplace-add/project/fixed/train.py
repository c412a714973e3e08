import torch
from multiresunet import TinyMultiResUnet

torch.manual_seed(0)
model = TinyMultiResUnet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = torch.nn.BCELoss()

image = torch.rand(2, 1, 16, 16)
mask = (torch.rand(2, 1, 16, 16) > 0.5).float()

optimizer.zero_grad()
loss = criterion(model(image), mask)
loss.backward()
optimizer.step()
print("loss", loss.item())
