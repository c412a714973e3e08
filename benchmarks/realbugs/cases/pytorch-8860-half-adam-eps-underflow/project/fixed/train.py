import torch
import torch.nn as nn
from model import HappyNet

torch.manual_seed(0)
config = {"lr": 1e-3, "eps": 1e-4, "epochs": 2}
model = HappyNet().half()
with torch.no_grad():
    model.classifier[1].bias[3] = -60.0
optimizer = torch.optim.Adam(model.parameters(), lr=config["lr"], eps=config["eps"])
criterion = nn.CrossEntropyLoss()
images = torch.randn(16, 1, 16, 16).half()
labels = torch.randint(0, 7, (16,))

for epoch in range(config["epochs"]):
    loss = criterion(model(images).float(), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
