import torch
import torch.nn as nn
from layers import BayesianLinear

torch.manual_seed(0)


class BayesianRegressor(nn.Module):
    def __init__(self, input_dim, output_dim):
        super().__init__()
        self.blinear1 = BayesianLinear(input_dim, 8)
        self.blinear2 = BayesianLinear(8, output_dim)

    def forward(self, x):
        return self.blinear2(torch.relu(self.blinear1(x)))

    def nn_kl_divergence(self):
        return sum(m.log_variational_posterior - m.log_prior
                   for m in self.modules() if isinstance(m, BayesianLinear))

    def sample_elbo(self, inputs, labels, criterion, sample_nbr, complexity_cost_weight=1):
        loss = 0
        for _ in range(sample_nbr):
            outputs = self(inputs)
            loss = loss + criterion(outputs, labels) + self.nn_kl_divergence() * complexity_cost_weight
        return loss / sample_nbr


regressor = BayesianRegressor(4, 1)
# warm start: posterior means copied from a trained deterministic network
pretrained = nn.Linear(4, 8)
with torch.no_grad():
    pretrained.weight.copy_(torch.randn(8, 4) * 0.5)
    pretrained.weight[0, 0] = 1.4537
    regressor.blinear1.weight_mu.copy_(pretrained.weight)
optimizer = torch.optim.Adam(regressor.parameters(), lr=0.01)
criterion = nn.MSELoss()
loader = [(torch.randn(16, 4), torch.randn(16, 1))]

for i, (X, y) in enumerate(loader):
    optimizer.zero_grad()
    loss = regressor.sample_elbo(X, y, criterion, sample_nbr=2, complexity_cost_weight=1 / len(X))
    loss.backward()
    optimizer.step()
    print(i, loss.item())
