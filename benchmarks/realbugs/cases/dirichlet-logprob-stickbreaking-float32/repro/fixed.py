# https://github.com/pytorch/pytorch/issues/28441 - fix: assign the result of .to(float64) (it is not in place), so the tiny simplex component and the log_prob gradient are computed in double precision.
import torch
import torch.distributions as dist
from torch.autograd import grad

x_unconstrained = torch.tensor([0.5, 2.0, -95.0])
alpha = torch.tensor([2.5, 10.0, 2.0, 3.0], dtype=torch.float64)

transform = dist.StickBreakingTransform()
x_unconstrained = x_unconstrained.to(dtype=torch.float64)
x_unconstrained.requires_grad_(True)
x_constrained = transform._call(x_unconstrained)
x_constrained = x_constrained.to(dtype=torch.float64)
score = dist.Dirichlet(alpha).log_prob(x_constrained)
score_gradient = grad(score.clone(), x_unconstrained, create_graph=True)[0]
print(x_constrained, score, score_gradient)
