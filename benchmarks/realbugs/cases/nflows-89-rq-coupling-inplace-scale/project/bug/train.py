import torch
import torch.nn as nn

from transforms.coupling import PiecewiseRationalQuadraticCouplingTransform


class ConditionerNet(nn.Module):
    """The reporter's own conditioner: an MLP exposing hidden_features, with a ReLU at the end."""

    def __init__(self, in_features, out_features, hidden_features=32):
        super().__init__()
        self.hidden_features = hidden_features
        self.net = nn.Sequential(nn.Linear(in_features, hidden_features), nn.ReLU(),
                                 nn.Linear(hidden_features, out_features), nn.ReLU())

    def forward(self, x):
        return self.net(x)


torch.manual_seed(0)
mask = torch.tensor([1, -1, 1, -1])
flow = PiecewiseRationalQuadraticCouplingTransform(mask, lambda i, o: ConditionerNet(i, o))
optimizer = torch.optim.Adam(flow.parameters(), lr=1e-3)
x = torch.rand(64, 4)

for step in range(2):
    z, logabsdet = flow(x)
    log_prob = -0.5 * (z ** 2).sum(-1) + logabsdet
    loss = -log_prob.mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
