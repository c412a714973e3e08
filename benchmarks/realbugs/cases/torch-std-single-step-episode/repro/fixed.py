import torch

torch.manual_seed(0)
logits = torch.randn(1, 3, requires_grad=True)
rewards = [1.0]
eps = 1e-8

returns = torch.tensor(rewards)
returns = (returns - returns.mean()) / (returns.std(unbiased=False) + eps)
log_prob = torch.log_softmax(logits, dim=-1)[:, 0]
loss = -(log_prob * returns).sum()
loss.backward()
