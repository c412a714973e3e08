import torch
import torch.nn.functional as F

from model import TinyLM

torch.manual_seed(0)
vocab, dim, seq = 20, 16, 8
model = TinyLM(vocab, dim)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
data = torch.randint(0, vocab, (4, seq + 1))
logits = model(data[:, :-1])
loss = F.cross_entropy(logits.reshape(-1, vocab), data[:, 1:].reshape(-1))
opt.zero_grad()
loss.backward()
print(loss.item())
