"""Train with the ArcFace loss on clustered synthetic features (two epochs of 100 batches)."""
from argparse import Namespace

import torch

from models import AngularPenNet

args = Namespace(lr=0.2, num_epochs=2, batches_per_epoch=100, batch_size=32, loss_type="arcface")

torch.manual_seed(0)
model = AngularPenNet(loss_type=args.loss_type)
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
centers = torch.randn(10, 20)
losses = []
for epoch in range(args.num_epochs):
    for i in range(args.batches_per_epoch):
        labels = torch.randint(0, 10, (args.batch_size,))
        x = centers[labels] + 0.3 * torch.randn(args.batch_size, 20)
        loss = model(x, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
last_loss = losses[-1]
class_weights = model.adms_loss.fc.weight.detach()
