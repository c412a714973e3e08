import torch
import torch.optim as optim
from loader import PointCloudRooms
from model import MTPNet
from losses import DiscriminativeLoss, NLLLoss

torch.manual_seed(0)
dataset = PointCloudRooms()
loader = torch.utils.data.DataLoader(dataset, batch_size=2, shuffle=False)
model = MTPNet(6, 3, 4)
optimizer = optim.SGD(model.parameters(), lr=1e-3, momentum=0.9, weight_decay=1e-4)
criterion = {"discriminative": DiscriminativeLoss(1.5, 0.5), "nll": NLLLoss()}

for epoch in range(2):
    model.train()
    for i, batch in enumerate(loader):
        points, labels, masks, size = batch["points"], batch["labels"], batch["masks"], batch["size"]
        loss = 0
        logits, embedded = model(points)
        loss += criterion["nll"](logits, labels[:, :, 0])
        loss += criterion["discriminative"](embedded, masks, size)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(epoch, i, loss.item())
