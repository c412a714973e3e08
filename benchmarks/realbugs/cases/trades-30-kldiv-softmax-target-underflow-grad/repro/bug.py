"""TRADES: KL divergence against softmax(model(x_natural)) that still requires grad.

Source: https://github.com/yaodongyu/TRADES/issues/30
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class SmallCNN(nn.Module):
    def __init__(self, drop=0.5):
        super(SmallCNN, self).__init__()
        self.num_channels = 1
        self.num_labels = 10
        self.feature_extractor = nn.Sequential(
            nn.Conv2d(self.num_channels, 8, 3), nn.ReLU(),
            nn.MaxPool2d(2, 2),
            nn.Conv2d(8, 16, 3), nn.ReLU(),
            nn.MaxPool2d(2, 2))
        self.fc1 = nn.Linear(16 * 5 * 5, 64)
        self.fc2 = nn.Linear(64, self.num_labels)

    def forward(self, input):
        features = self.feature_extractor(input)
        logits = self.fc2(F.relu(self.fc1(features.view(-1, 16 * 5 * 5))))
        return logits


def trades_loss(model,
                x_natural,
                y,
                optimizer,
                step_size=0.003,
                epsilon=0.031,
                perturb_steps=10,
                beta=1.0):
    # define KL-loss
    criterion_kl = nn.KLDivLoss(reduction='sum')
    model.eval()
    batch_size = len(x_natural)
    # generate adversarial example
    x_adv = x_natural.detach() + 0.001 * torch.randn(x_natural.shape).detach()
    for _ in range(perturb_steps):
        x_adv.requires_grad_()
        with torch.enable_grad():
            loss_kl = criterion_kl(F.log_softmax(model(x_adv), dim=1),
                                   F.softmax(model(x_natural), dim=1))
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = x_adv.detach() + step_size * torch.sign(grad.detach())
        x_adv = torch.min(torch.max(x_adv, x_natural - epsilon), x_natural + epsilon)
        x_adv = torch.clamp(x_adv, 0.0, 1.0)
    model.train()

    x_adv = torch.clamp(x_adv, 0.0, 1.0).detach()
    # zero gradient
    optimizer.zero_grad()
    # calculate robust loss
    logits = model(x_natural)
    loss_natural = F.cross_entropy(logits, y)
    loss_robust = (1.0 / batch_size) * criterion_kl(F.log_softmax(model(x_adv), dim=1),
                                                    F.softmax(model(x_natural), dim=1))
    loss = loss_natural + beta * loss_robust
    return loss

torch.manual_seed(0)
model = SmallCNN()
# resume from the naturally pre-trained checkpoint: the classifier is very confident on clean digits
with torch.no_grad():
    model.fc2.weight.mul_(3000.0)
optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

data = torch.rand(8, 1, 28, 28)
target = torch.randint(0, 10, (8,))

model.train()
optimizer.zero_grad()
loss = trades_loss(model=model, x_natural=data, y=target, optimizer=optimizer,
                   step_size=0.01, epsilon=0.3, perturb_steps=3, beta=1.0)
loss.backward()
optimizer.step()
