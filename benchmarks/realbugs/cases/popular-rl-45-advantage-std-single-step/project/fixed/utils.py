import torch


def compute_gae(delta, gamma, lmbda):
    advantage = delta.clone()
    for t in reversed(range(len(delta) - 1)):
        advantage[t] = delta[t] + gamma * lmbda * advantage[t + 1]
    if advantage.numel() > 1:
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-5)
    return advantage


def make_batch(data):
    s, a, r, s_prime, prob_a, done = zip(*data)
    return (torch.tensor(s, dtype=torch.float), torch.tensor(a).unsqueeze(1),
            torch.tensor(r).unsqueeze(1), torch.tensor(s_prime, dtype=torch.float),
            torch.tensor(prob_a).unsqueeze(1),
            torch.tensor([0.0 if d else 1.0 for d in done]).unsqueeze(1))
