# https://github.com/huggingface/transformers/issues/16711 -- fixed the way the reporter and pull request
# #16522 propose: when no token carries a label the loss is a zero that keeps the graph, not a mean over nothing.
import torch
import torch.nn as nn

torch.manual_seed(0)
vocab_size, hidden = 50, 16
embed = nn.Embedding(vocab_size, hidden)
encoder = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.LayerNorm(hidden))
lm_head = nn.Linear(hidden, vocab_size)
input_ids = torch.tensor([[2, 11, 7, 23, 9, 3]])       # [CLS] This is an example [SEP]
labels = torch.full_like(input_ids, -100)               # mlm_probability=0.15 masked no token this time

prediction_scores = lm_head(encoder(embed(input_ids)))
loss_fct = nn.CrossEntropyLoss()
if (labels != -100).any():
    masked_lm_loss = loss_fct(prediction_scores.view(-1, vocab_size), labels.view(-1))
else:
    masked_lm_loss = prediction_scores.sum() * 0.0
masked_lm_loss.backward()
grad = lm_head.weight.grad
