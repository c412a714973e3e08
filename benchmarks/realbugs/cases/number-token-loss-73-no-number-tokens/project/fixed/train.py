import torch
import torch.nn as nn
import torch.nn.functional as F

from ntl.number_token_loss import NumberTokenLoss
from tokenizer import WordTokenizer

torch.manual_seed(0)

tokenizer = WordTokenizer("what is the answer yes no plus minus equals".split())
ntl_criterion = NumberTokenLoss(tokenizer)
vocab_size = len(tokenizer)

model = nn.Sequential(nn.Embedding(vocab_size, 32), nn.Linear(32, vocab_size))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
ntl_weight = 0.3


def pad(seqs, value):
    n = max(len(s) for s in seqs)
    return torch.tensor([s + [value] * (n - len(s)) for s in seqs])


# a batch of yes/no questions from the mixed-task dataset: no digit appears in the labels
sources = ["what is the answer", "what is the answer"]
targets = ["yes", "no"]
input_ids = pad([tokenizer.encode(s)[: len(tokenizer.encode(t))] for s, t in zip(sources, targets)], 0)
labels = pad([tokenizer.encode(t) for t in targets], -100)

logits = model(input_ids)
ce_loss = F.cross_entropy(logits.reshape(-1, vocab_size), labels.reshape(-1), ignore_index=-100)
nt_loss = ntl_criterion(logits, labels)
loss = ce_loss + ntl_weight * nt_loss
optimizer.zero_grad()
loss.backward()
optimizer.step()
