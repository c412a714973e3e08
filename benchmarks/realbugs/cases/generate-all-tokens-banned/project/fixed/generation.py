import torch
import torch.nn.functional as F


def sample(model, input_ids, logits_processor, max_length):
    while input_ids.shape[-1] < max_length:
        next_token_logits = model(input_ids)[:, -1, :]
        next_token_scores = logits_processor(input_ids, next_token_logits)
        all_inf = (next_token_scores == -float("inf")).all(dim=-1, keepdim=True)
        next_token_scores = next_token_scores.masked_fill(all_inf, 0.0)
        probs = F.softmax(next_token_scores, dim=-1)
        next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
    return input_ids
