import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
gamma, lmbda, eps_clip = 0.98, 0.95, 0.1

fc1, fc_pi, fc_v = nn.Linear(4, 32), nn.Linear(32, 2), nn.Linear(32, 1)
params = list(fc1.parameters()) + list(fc_pi.parameters()) + list(fc_v.parameters())
optimizer = torch.optim.Adam(params, lr=5e-4)

# the episode ended right after a T_horizon chunk: the batch holds a single transition
s = torch.randn(1, 4)
s_prime = torch.randn(1, 4)
a = torch.tensor([[1]])
r = torch.tensor([[0.01]])
done_mask = torch.tensor([[0.0]])
prob_a = torch.tensor([[0.5]])

td_target = r + gamma * fc_v(F.relu(fc1(s_prime))) * done_mask
delta = (td_target - fc_v(F.relu(fc1(s)))).detach()
advantage = delta.clone()
for t in reversed(range(len(delta) - 1)):
    advantage[t] = delta[t] + gamma * lmbda * advantage[t + 1]
advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-5)

pi = F.softmax(fc_pi(F.relu(fc1(s))), dim=1)
ratio = torch.exp(torch.log(pi.gather(1, a)) - torch.log(prob_a))
surr1 = ratio * advantage
surr2 = torch.clamp(ratio, 1 - eps_clip, 1 + eps_clip) * advantage
loss = (-torch.min(surr1, surr2) + F.smooth_l1_loss(fc_v(F.relu(fc1(s))), td_target.detach())).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(advantage, loss, fc_pi.weight.isnan().any())
