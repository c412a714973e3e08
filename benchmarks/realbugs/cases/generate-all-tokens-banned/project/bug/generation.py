import torch
import torch.nn.functional as F


def sample(model, input_ids, logits_processor, max_length):
    while input_ids.shape[-1] < max_length:
        next_token_logits = model(input_ids)[:, -1, :]
        next_token_scores = logits_processor(input_ids, next_token_logits)
        probs = F.softmax(next_token_scores, dim=-1)
        next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
    return input_ids
