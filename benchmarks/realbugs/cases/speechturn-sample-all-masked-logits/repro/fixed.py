import torch

torch.manual_seed(0)
next_logits = torch.full((1, 6), -float("inf"))
next_logits[:, [0, 1, 3]] = 2.0
temperature = 0.8

next_logits[:, [0, 1, 3]] = -torch.inf
if torch.isinf(next_logits).all(dim=-1).any():
    next_ids = torch.full((next_logits.shape[0], 1), 2)
else:
    next_ids = torch.multinomial(torch.softmax(next_logits / temperature, dim=-1), num_samples=1)
