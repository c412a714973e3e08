import torch

from losses import FeatureDecorrelationLoss
from model import Encoder

torch.manual_seed(0)

low_dim = 8
net = Encoder(in_dim=32, low_dim=low_dim)
criterion_fd = FeatureDecorrelationLoss(low_dim, tau2=2.0)
optimizer = torch.optim.SGD(net.parameters(), lr=0.03, momentum=0.9)

with torch.no_grad():
    net.fc.bias[5] = -50.0  # feature unit 5 has died: its ReLU output is 0 for every sample

inputs = torch.randn(16, 32)
ff = net(inputs)
L_fd = criterion_fd(ff)
loss = L_fd
optimizer.zero_grad()
loss.backward()
optimizer.step()
