# Fixed: forward again after each step, so each loss is backpropagated through the weights it was built from.
# SagNet train.py (sagnet=True): one forward, then three optimizers stepped in turn on the same graph.
# optimizer_style.step() updates style_net in place before loss_adv, which is built from y_style,
# is backpropagated through style_net (torch >= 1.5 checks the saved weights' versions).
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(0)


class AdvLoss(nn.Module):
    def __init__(self, eps=1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, inputs):
        inputs = inputs.softmax(dim=1)
        return (- torch.log(inputs + self.eps).mean(dim=1)).mean()


features = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU())
content_net = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 7))
style_net = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 7))
params = list(features.parameters()) + list(content_net.parameters()) + list(style_net.parameters())
optimizer = optim.SGD(params, lr=0.004, momentum=0.9)
optimizer_style = optim.SGD(style_net.parameters(), lr=0.004, momentum=0.9)
optimizer_adv = optim.SGD(features.parameters(), lr=0.004, momentum=0.9)
criterion = nn.CrossEntropyLoss()
criterion_adv = AdvLoss()

data = torch.randn(8, 3, 16, 16)
label = torch.randint(0, 7, (8,))
loss_style, loss_adv, loss = None, None, None

x = features(data)
y, y_style = content_net(x), style_net(x)

loss_style = criterion(y_style, label)
optimizer_style.zero_grad()
loss_style.backward(retain_graph=True)
optimizer_style.step()

x = features(data)
y, y_style = content_net(x), style_net(x)
loss_adv = 0.1 * criterion_adv(y_style)
optimizer_adv.zero_grad()
loss_adv.backward(retain_graph=True)
optimizer_adv.step()

y = content_net(features(data))
loss = criterion(y, label)
optimizer.zero_grad()
loss.backward()
optimizer.step()
