import torch

torch.manual_seed(0)


def sample(logits, top_k=1, temperature=1.0):
    if top_k == 1:
        return logits.argmax(dim=-1)
    logits_top, indices = torch.topk(logits, top_k, dim=-1)
    if temperature != 1.0:
        logits_top /= temperature
    probs = torch.softmax(logits_top, dim=-1)
    return indices[torch.arange(indices.shape[0]), torch.multinomial(probs, num_samples=1).squeeze(-1)]


lm_head = torch.nn.Linear(16, 50)
hidden = torch.randn(2, 16)
with torch.inference_mode():
    tokens = sample(lm_head(hidden), top_k=5, temperature=0.0)
print(tokens)
