import torch
import torch.distributions as dist
from torch.autograd import grad


def dirichlet_score(x_unconstrained, alpha):
    """Gradient of the Dirichlet log-density w.r.t. the unconstrained (stick-breaking) coordinates."""
    transform = dist.StickBreakingTransform()
    x_unconstrained = x_unconstrained.to(dtype=torch.float64)
    x_unconstrained.requires_grad_(True)

    x_constrained = transform._call(x_unconstrained)
    x_constrained = x_constrained.to(dtype=torch.float64)

    log_density = dist.Dirichlet(alpha).log_prob(x_constrained)
    log_density = log_density + transform.log_abs_det_jacobian(x_unconstrained, x_constrained)
    score_gradient = grad(log_density.clone(), x_unconstrained, create_graph=True)[0]
    return score_gradient.detach()
