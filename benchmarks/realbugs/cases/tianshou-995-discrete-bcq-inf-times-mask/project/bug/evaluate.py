import torch

from policy.discrete_bcq import DiscreteBCQPolicy
from policy.nets import Net

torch.manual_seed(0)

state_dim, action_dim = 8, 4
policy = DiscreteBCQPolicy(Net(state_dim, action_dim), Net(state_dim, action_dim),
                           unlikely_action_threshold=0.3)
policy.eval()

obs = torch.randn(5, state_dim)
with torch.no_grad():
    act, masked_q, imitation_logits = policy(obs)
