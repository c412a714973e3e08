# https://github.com/karpathy/makemore/issues/22 -- hand-written BatchNorm1d takes the unbiased variance over the batch, NaN for a batch of one.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
vocab, n_embd, n_hidden, block = 27, 10, 64, 3
C = torch.randn(vocab, n_embd, requires_grad=True)
W1 = torch.randn(n_embd * block, n_hidden) * 0.2
W1.requires_grad_()
gamma = torch.ones(1, n_hidden, requires_grad=True)
beta = torch.zeros(1, n_hidden, requires_grad=True)
W2 = (torch.randn(n_hidden, vocab) * 0.01).requires_grad_()
running_var = torch.ones(1, n_hidden)

Xb = torch.randint(0, vocab, (1, block))   # last minibatch holds a single example
Yb = torch.randint(0, vocab, (1,))

emb = C[Xb].view(Xb.shape[0], -1)
hpre = emb @ W1
xmean = hpre.mean(0, keepdim=True)
xvar = hpre.var(0, keepdim=True)
hnorm = (hpre - xmean) / torch.sqrt(xvar + 1e-5)
h = torch.tanh(gamma * hnorm + beta)
logits = h @ W2
loss = F.cross_entropy(logits, Yb)
loss.backward()
with torch.no_grad():
    running_var = 0.999 * running_var + 0.001 * xvar
