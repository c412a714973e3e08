import torch
from mars.nets import PolicyMLP
from mars.nfsp import NFSP

torch.manual_seed(0)
obs_dim, n_actions = 4, 37
agent = NFSP(PolicyMLP(obs_dim, n_actions), n_actions)

reservoir = [(torch.rand(4) * 1000, torch.randint(0, n_actions, ())) for _ in range(16)]
for update in range(2):
    state = torch.stack([s for s, _ in reservoir])
    action = torch.stack([a for _, a in reservoir])
    loss = agent.update(state, action)
    print(update, loss.item())
