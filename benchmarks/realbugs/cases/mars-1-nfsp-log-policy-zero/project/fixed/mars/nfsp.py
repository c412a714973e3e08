import torch
import torch.nn.functional as F


class NFSP:
    def __init__(self, policy, n_actions, lr=1e-3):
        self.policy = policy
        self.n_actions = n_actions
        self.optimizer = torch.optim.Adam(policy.parameters(), lr=lr)

    def update(self, state, action):
        probs = self.policy(state)
        log_probs = torch.log(probs.clamp(min=1e-8))
        policy_loss = -(log_probs * F.one_hot(action, self.n_actions)).sum(-1).mean()
        self.optimizer.zero_grad()
        policy_loss.backward()
        self.optimizer.step()
        return policy_loss
