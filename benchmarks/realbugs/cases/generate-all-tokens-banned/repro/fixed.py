# https://github.com/huggingface/transformers/pull/17937 - fix from the PR: rows whose scores are all -inf are reset before the softmax, so torch.multinomial never receives NaN probabilities.
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
all_inf = (next_token_scores == -float("inf")).all(dim=-1, keepdim=True)
next_token_scores = next_token_scores.masked_fill(all_inf, 0.0)
probs = F.softmax(next_token_scores, dim=-1)
next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)
print(next_tokens)
