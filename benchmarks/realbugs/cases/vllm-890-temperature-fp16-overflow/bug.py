import torch

torch.manual_seed(0)
_SAMPLING_EPS = 1e-5
lm_head = torch.nn.Linear(16, 50).half()
hidden = torch.randn(2, 16).half()
temperatures = torch.tensor([1e-5, 0.8])

logits = lm_head(hidden)
t = temperatures.clamp(min=_SAMPLING_EPS).to(logits.dtype)
logits.div_(t.unsqueeze(dim=1))
probs = torch.softmax(logits, dim=-1, dtype=torch.float)
print(probs.isnan().any())
