# FIXED (a sample left without supervised tokens by the truncation is skipped; standard fix) -- https://github.com/hpcaitech/ColossalAI/issues/5370 -- the SFT dataset truncates input_ids and labels to max_length; when the prompt alone is longer than max_length every kept label is -100, and the mean cross-entropy over zero supervised tokens is 0 / 0 = NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
IGNORE_INDEX = -100
max_length = 16
prompt_ids, target_ids = list(range(1, 25)), [30, 31, 32]      # a context longer than max_length
sequence_input_ids = prompt_ids + target_ids
sequence_labels = [IGNORE_INDEX] * len(prompt_ids) + target_ids
if len(sequence_input_ids) > max_length:
    sequence_input_ids = sequence_input_ids[:max_length]
    sequence_labels = sequence_labels[:max_length]

embed = nn.Embedding(64, 32)
lm_head = nn.Linear(32, 64)
logits = lm_head(embed(torch.tensor([sequence_input_ids])))
labels = torch.tensor([sequence_labels])
shift_logits = logits[..., :-1, :].contiguous()
shift_labels = labels[..., 1:].contiguous()
if (shift_labels != IGNORE_INDEX).any():
    loss = nn.CrossEntropyLoss()(shift_logits.view(-1, 64), shift_labels.view(-1))
else:
    loss = shift_logits.sum() * 0.0      # nothing to learn from this sample
loss.backward()
