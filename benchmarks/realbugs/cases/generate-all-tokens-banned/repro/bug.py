# https://github.com/huggingface/transformers/pull/17937 - the logits processors can set every vocabulary entry to -inf (EOS blocked by min_length, the rest banned); softmax of the all -inf row is NaN and torch.multinomial raises.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
vocab_size, eos_token_id = 6, 5
lm_head = nn.Linear(8, vocab_size)
hidden = torch.randn(2, 8)
bad_words_ids = [0, 1, 2, 3, 4]
cur_len, min_length = 3, 10

next_token_scores = lm_head(hidden)
if cur_len < min_length:
    next_token_scores[:, eos_token_id] = -float("inf")
next_token_scores[1, bad_words_ids] = -float("inf")
probs = F.softmax(next_token_scores, dim=-1)
next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)
print(next_tokens)
