"""A tiny classifier whose loss goes NaN at step 2. Try:

    nanlint verify examples/verify --run python examples/verify/train_nan.py

The hand-written cross-entropy takes the log of a probability that underflows: in backward its gradient
1/p overflows to -inf (step 1), and the SGD step turns every weight into NaN. A later batch holds a row of
zeros, and the feature normalisation divides 0 by 0 (step 3): no rule flags that line, so it
is reported as found at run time only. The entropy metric takes a log just the
same but stays finite (the report gives its smallest argument), and the focal-loss branch never runs.
"""

import argparse

import torch
from torch import nn


def normalise(features):
    scale = features.abs().amax(dim=1, keepdim=True)
    return features / scale  # 0/0 on an all-zero row, a risk no static rule sees


def cross_entropy(logits, targets):
    probs = torch.softmax(logits, dim=1)
    picked = probs[torch.arange(len(targets)), targets]
    return -torch.log(picked).mean()  # log(0) once a probability underflows


def entropy(logits):
    probs = torch.softmax(logits.detach() / 10, dim=1)
    return -(probs * torch.log(probs)).sum(dim=1).mean()


def focal_loss(logits, targets, gamma=2.0):
    probs = torch.softmax(logits, dim=1)[torch.arange(len(targets)), targets]
    return (-(1 - probs) ** gamma * torch.log(probs)).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--focal", action="store_true")
    options = parser.parse_args()
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    temperature = torch.tensor(2.0)
    for step in range(options.steps):
        features = torch.randn(8, 4) * 30
        if step == 3:
            features[0] = 0.0  # the bad batch
        targets = torch.randint(0, 3, (8,))
        logits = model(normalise(features)) * 40 / temperature
        loss = focal_loss(logits, targets) if options.focal else cross_entropy(logits, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print("step %d loss %.4f entropy %.3f" % (step, loss.item(), entropy(logits).item()))


if __name__ == "__main__":
    main()
