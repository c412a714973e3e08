# https://github.com/suno-ai/bark/issues/270 - fix proposed in the issue: add an epsilon to the temperature in the denominator, so temp=0.0 becomes (nearly) greedy sampling instead of a division by zero.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
lm = nn.Sequential(nn.Embedding(50, 16), nn.Linear(16, 50))
x = torch.tensor([[3, 7, 1]])
temp = 0.0

logits = lm(x)[0, -1]
relevant_logits = logits[:40]
probs = F.softmax(relevant_logits / (temp + 1e-9), dim=-1)
item_next = torch.multinomial(probs, num_samples=1)
print(item_next)
