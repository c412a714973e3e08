# https://github.com/huggingface/transformers/issues/16711 -- BertForMaskedLM's loss is a mean
# CrossEntropyLoss over the labels the collator kept (others are -100); a batch of one short sentence in
# which the collator masked no token has no label left: 0 / 0 = NaN loss.
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
masked_lm_loss = loss_fct(prediction_scores.view(-1, vocab_size), labels.view(-1))
masked_lm_loss.backward()
grad = lm_head.weight.grad
