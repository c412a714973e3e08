import torch

from src.stlcg import Always, GreaterThan

# parametric STL: find the largest c such that "always (speed > c)" holds on the recorded traces
torch.manual_seed(0)
speed = 2.0 + 3.0 * torch.rand(4, 20, 1)          # m/s, recorded traces (reversed in time)
c = torch.tensor(15.0, requires_grad=True)         # initial guess for the threshold
formula = Always(subformula=GreaterThan(lhs="speed", val=c))
optimizer = torch.optim.Adam([c], lr=0.1)

scale = 10.0
optimizer.zero_grad()
rho = formula.robustness(speed, scale=scale)
loss = torch.relu(-rho).pow(2).mean()
loss.backward()
optimizer.step()
