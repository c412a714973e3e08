# microsoft/LMOps#38 (MiniLLM finetune.py, "Distillation loss produces NaNs"): the word-level KD loss divides by
# torch.sum(mask); after the tokenizer truncated the inputs, no response token survived in the batch, every label
# is -100, the mask is all zero and the loss is 0 / 0 = NaN (fine for a few hundred iterations, then NaN).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
vocab, d, T = 50, 16, 8
student = nn.Sequential(nn.Embedding(vocab, d), nn.Linear(d, vocab))
teacher = nn.Sequential(nn.Embedding(vocab, d), nn.Linear(d, vocab))

input_ids = torch.randint(0, vocab, (2, T))
label = torch.full((2, T), -100, dtype=torch.long)  # the prompt filled max_length, the response was cut off

logits = student(input_ids)
with torch.no_grad():
    teacher_logits = teacher(input_ids)
teacher_probs = F.softmax(teacher_logits, dim=-1, dtype=torch.float32)
inf_mask = torch.isinf(logits)
logprobs = F.log_softmax(logits, dim=-1, dtype=torch.float32)
prod_probs = torch.masked_fill(teacher_probs * logprobs, inf_mask, 0)
x = torch.sum(prod_probs, dim=-1).view(-1)
mask = (label != -100).int()
distil_loss = -torch.sum(x * mask.view(-1), dim=0) / torch.sum(mask.view(-1), dim=0)
distil_loss.backward()
grad = student[1].weight.grad
