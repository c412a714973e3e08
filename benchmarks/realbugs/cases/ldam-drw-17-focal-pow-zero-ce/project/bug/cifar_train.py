import argparse

import torch

import models
from losses import FocalLoss

torch.manual_seed(0)

parser = argparse.ArgumentParser(description="PyTorch Cifar Training")
parser.add_argument("--loss_type", default="Focal", type=str)
parser.add_argument("--lr", default=0.1, type=float)
args = parser.parse_args([])


def train(train_loader, model, criterion, optimizer):
    model.train()
    for input, target in train_loader:
        output = model(input)
        loss = criterion(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


model = models.resnet32(num_classes=3)
if args.loss_type == "Focal":
    criterion = FocalLoss(weight=None, gamma=0.5)
optimizer = torch.optim.SGD(model.parameters(), args.lr, momentum=0.9)
x = torch.randn(4, 8)
x[0] = 100 * model.linear.weight[0].detach().sign()
with torch.no_grad():
    target = model(x).argmax(dim=1)
train([(x, target)], model, criterion, optimizer)
