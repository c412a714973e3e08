import torch
import torch.nn as nn

torch.manual_seed(0)

emb = nn.Embedding(50, 16).half()
clf = nn.Linear(16, 2).half()
input_ids = torch.tensor([[5, 7, 9, 0, 0], [3, 4, 0, 0, 0]])
input_mask = (input_ids != 0).half()
labels = torch.tensor([0, 1])

embeds_init = emb(input_ids)
delta = torch.zeros_like(embeds_init).uniform_(-0.1, 0.1) * input_mask.unsqueeze(2)
delta.requires_grad_()
for astep in range(2):
    embeds = embeds_init + delta
    pooled = (embeds * input_mask.unsqueeze(2)).sum(1) / input_mask.sum(1, keepdim=True)
    loss = nn.functional.cross_entropy(clf(pooled).float(), labels)
    loss.backward(retain_graph=True)
    delta_grad = delta.grad.clone().detach()
    denorm = torch.norm(delta_grad.float().view(delta_grad.size(0) * delta_grad.size(1), -1), dim=1).view(delta_grad.size(0), delta_grad.size(1), 1)
    denorm = torch.clamp(denorm, min=1e-8)
    delta = (delta + 0.1 * (delta_grad.float() / denorm).to(delta_grad)).detach()
    delta.requires_grad_()
