import torch

from lib.model import D2Net
from lib.loss import loss_function

torch.manual_seed(2)

model = D2Net()
optimizer = torch.optim.Adam(
    filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3
)

image1 = torch.randn(2, 3, 12, 12)
image2 = image1 + 0.05 * torch.randn(2, 3, 12, 12)
batch = {'image1': image1, 'image2': image2}

optimizer.zero_grad()
loss = loss_function(model, batch)
loss.backward()
optimizer.step()
print('loss', loss.item())
