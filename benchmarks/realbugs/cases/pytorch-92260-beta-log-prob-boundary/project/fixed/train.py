import torch
from policy import BetaPolicy
from bc import BehaviourCloning

torch.manual_seed(0)
policy = BetaPolicy(obs_dim=6, act_dim=2)
agent = BehaviourCloning(policy, action_low=-1.0, action_high=1.0)
optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)


def load_demonstrations():
    obs = torch.randn(32, 6)
    actions = (torch.randn(32, 2) * 0.8).clamp(-1.0, 1.0)
    return obs, actions


obs, actions = load_demonstrations()
for epoch in range(1):
    loss = agent.loss(obs, actions)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
