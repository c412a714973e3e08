import torch

torch.manual_seed(0)

logits = torch.randn(3, 5, requires_grad=True)
mask = torch.tensor([[1., 1., 0., 1., 0.], [1., 1., 1., 1., 1.], [0., 1., 1., 0., 1.]])
EPSILON = 1e-7
raw_probs = torch.nn.functional.softmax(logits, dim=-1) * mask + EPSILON
normalized_probs = raw_probs / torch.sum(raw_probs, dim=-1, keepdim=True)
normalized_logits = torch.log(normalized_probs + EPSILON)
entropy = -torch.sum(normalized_probs * normalized_logits, dim=-1)
entropy.mean().backward()
print(entropy, logits.grad)
