import torch
import torch.nn.functional as F
from model import PPO
from utils import compute_gae, make_batch

gamma, lmbda, eps_clip, K_epoch = 0.98, 0.95, 0.1, 2
torch.manual_seed(0)
model = PPO(4, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)


def train_net(data):
    s, a, r, s_prime, prob_a, done_mask = make_batch(data)
    for _ in range(K_epoch):
        td_target = r + gamma * model.v(s_prime) * done_mask
        delta = (td_target - model.v(s)).detach()
        advantage = compute_gae(delta, gamma, lmbda)
        pi_a = model.pi(s, softmax_dim=1).gather(1, a)
        ratio = torch.exp(torch.log(pi_a) - torch.log(prob_a))
        surr1 = ratio * advantage
        surr2 = torch.clamp(ratio, 1 - eps_clip, 1 + eps_clip) * advantage
        loss = (-torch.min(surr1, surr2) + F.smooth_l1_loss(model.v(s), td_target.detach())).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss


# rollouts of T_horizon = 3 steps; the episode ends one step into the second chunk
states = torch.randn(5, 4).tolist()
chunks = [[(states[0], 0, 0.01, states[1], 0.5, False), (states[1], 1, 0.01, states[2], 0.5, False),
           (states[2], 0, 0.01, states[3], 0.5, False)],
          [(states[3], 1, 0.01, states[4], 0.5, True)]]
for data in chunks:
    loss = train_net(data)
    print(len(data), loss.item())
