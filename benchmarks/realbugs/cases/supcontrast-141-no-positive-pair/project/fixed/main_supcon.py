import torch

from losses import SupConLoss
from networks import SupConMLP

torch.manual_seed(0)
model = SupConMLP()
criterion = SupConLoss(temperature=0.8)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

# one view per sample; the batch holds a class with a single sample (labels 0 and 3)
images = torch.randn(4, 32)
labels = torch.tensor([0, 1, 1, 3])

for step in range(2):
    features = model(images).unsqueeze(1)     # [bsz, n_views=1, f_dim]
    loss = criterion(features, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
