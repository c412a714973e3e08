import torch


def sample(logits, top_k=1, temperature=1.0):
    if top_k == 1 or temperature <= 0.0:
        return logits.argmax(dim=-1)
    top_k = min(top_k, logits.size(-1))
    logits_top, indices = torch.topk(logits, top_k, dim=-1)
    if temperature != 1.0:
        logits_top /= temperature
    probs = torch.softmax(logits_top, dim=-1)
    return indices[torch.arange(indices.shape[0]), torch.multinomial(probs, num_samples=1).squeeze(-1)]


@torch.inference_mode()
def decode(input_ids, model, max_length, top_k=1, temperature=1.0):
    sequences = input_ids
    while sequences.shape[1] < max_length:
        logits = model(sequences)[:, -1, :]
        next_token = sample(logits, top_k=top_k, temperature=temperature)
        sequences = torch.cat([sequences, next_token[:, None]], dim=1)
    return sequences
