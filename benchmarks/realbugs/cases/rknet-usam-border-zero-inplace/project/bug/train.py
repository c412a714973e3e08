import torch
import torch.nn.functional as F

from model import RKNet

torch.manual_seed(0)
opt = {"num_classes": 10, "polish": True, "lr": 0.01}
model = RKNet(num_classes=opt["num_classes"], polish=opt["polish"])
optimizer = torch.optim.SGD(model.parameters(), lr=opt["lr"], momentum=0.9, weight_decay=5e-4)
images = torch.randn(8, 3, 16, 16)
labels = torch.randint(0, opt["num_classes"], (8,))
for epoch in range(2):
    loss = F.cross_entropy(model(images), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
