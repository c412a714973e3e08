# karpathy/nanochat#618: chat_sft.py with a small device batch size: a micro-batch whose targets are all -1
# (user tokens and padding only) makes F.cross_entropy(..., ignore_index=-1, reduction='mean') divide 0 by 0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
vocab_size, n_embd, T = 64, 32, 15
wte = nn.Embedding(vocab_size, n_embd)
lm_head = nn.Linear(n_embd, vocab_size, bias=False)
softcap = 15

idx = torch.randint(1, vocab_size, (2, T))
targets = torch.full((2, T), -1, dtype=torch.long)  # the assistant turns were truncated away

logits = lm_head(torch.tanh(wte(idx)))
logits = softcap * torch.tanh(logits / softcap)
logits = logits.float()
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1, reduction='mean')
loss.backward()
grad = lm_head.weight.grad
