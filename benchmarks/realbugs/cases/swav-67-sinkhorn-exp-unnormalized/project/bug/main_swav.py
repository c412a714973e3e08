import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

from src.resnet50 import ResNet

torch.manual_seed(0)

parser = argparse.ArgumentParser(description="Implementation of SwAV")
parser.add_argument("--epsilon", default=0.05, type=float)
parser.add_argument("--sinkhorn_iterations", default=3, type=int)
parser.add_argument("--temperature", default=0.1, type=float)
parser.add_argument("--batch_size", default=8, type=int)
args = parser.parse_args([])


@torch.no_grad()
def distributed_sinkhorn(out):
    Q = torch.exp(out / args.epsilon).t()
    B = Q.shape[1]
    K = Q.shape[0]
    sum_Q = torch.sum(Q)
    Q /= sum_Q
    for it in range(args.sinkhorn_iterations):
        sum_of_rows = torch.sum(Q, dim=1, keepdim=True)
        Q /= sum_of_rows
        Q /= K
        Q /= B
        Q /= torch.sum(Q, dim=0, keepdim=True)
        Q /= B
    Q *= B
    return Q.t()


def train(feats, model, optimizer):
    with torch.no_grad():
        w = model.prototypes.weight.data.clone()
        w = nn.functional.normalize(w, dim=1, p=2)
        model.prototypes.weight.copy_(w)
    embedding, output = model(feats)
    bs = args.batch_size
    q = distributed_sinkhorn(output[:bs].detach())
    x = output[bs:] / args.temperature
    loss = -torch.mean(torch.sum(q * F.log_softmax(x, dim=1), dim=1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return q, loss


model = ResNet(normalize=False)
optimizer = torch.optim.SGD(model.parameters(), lr=0.6)
feats = torch.relu(torch.randn(16, 64)) * 6
q, loss = train(feats, model, optimizer)
