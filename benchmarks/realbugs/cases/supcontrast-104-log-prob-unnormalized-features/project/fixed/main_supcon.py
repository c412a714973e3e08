import torch

from losses import SupConLoss
from networks import SupConResNet12

torch.manual_seed(0)
model = SupConResNet12()
criterion = SupConLoss(temperature=0.07)
optimizer = torch.optim.SGD(model.parameters(), lr=0.001, momentum=0.9)

images = torch.randn(8, 32) * 60.0
labels = torch.arange(8)

for step in range(2):
    view1 = images + 0.05 * torch.randn_like(images)
    view2 = images + 0.05 * torch.randn_like(images)
    features = torch.stack([model(view1), model(view2)], dim=1)     # [bsz, n_views=2, f_dim]
    loss = criterion(features, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
