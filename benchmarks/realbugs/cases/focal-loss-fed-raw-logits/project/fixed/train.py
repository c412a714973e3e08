import torch

from focal_loss import FocalLoss_Ori
from model import TinySegNet

torch.manual_seed(0)
num_class = 4
model = TinySegNet(num_class=num_class)
criterion = FocalLoss_Ori(num_class=num_class, alpha=[0.25, 0.75, 0.75, 0.75], gamma=2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

images = torch.randn(2, 3, 16, 16)
masks = torch.randint(0, num_class, (2, 16, 16))

for step in range(2):
    optimizer.zero_grad()
    output = model(images)
    output = torch.softmax(output, dim=1)
    loss = criterion(output, masks)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
