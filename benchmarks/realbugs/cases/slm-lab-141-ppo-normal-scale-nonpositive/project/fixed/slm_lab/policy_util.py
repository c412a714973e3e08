import torch
from torch import distributions


def init_action_pd(state, algorithm):
    pdparam = algorithm.calc_pdparam(state)
    loc, scale = pdparam.transpose(0, 1)
    scale = torch.nn.functional.softplus(scale)
    action_pd = distributions.Normal(loc=loc, scale=scale)
    return action_pd
