import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(1, 10)
temperature = 0.0

logits = logits / temperature
probs = F.softmax(logits, dim=-1)
idx = torch.multinomial(probs, num_samples=1)
