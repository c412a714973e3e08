# FIXED (as suggested in the issue): use torch.finfo(float).min instead of -inf as log(0).
# Educational log-space CTC (forward algorithm) as in the report: -inf is used as
# log(0) for unreachable states; logsumexp over an all -inf column has a NaN
# gradient, which poisons logits.grad.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
NEG = torch.finfo(torch.float).min
T, C = 12, 5
targets = torch.tensor([1, 2, 2, 3])
logits = torch.randn(T, C, requires_grad=True)
log_probs = F.log_softmax(logits, dim=-1)

blank = 0
z = torch.full((2 * len(targets) + 1,), blank, dtype=torch.long)
z[1::2] = targets
S = z.numel()
diff_labels = torch.cat([torch.tensor([False, False]), z[2:] != z[:-2]])
lp = log_probs[:, z]

alpha = torch.cat([lp[0, :2], torch.full((S - 2,), NEG)])
for t in range(1, T):
    a1 = torch.cat([torch.full((1,), NEG), alpha[:-1]])
    a2 = torch.cat([torch.full((2,), NEG), alpha[:-2]])
    a2 = torch.where(diff_labels, a2, torch.full_like(a2, NEG))
    alpha = lp[t] + torch.logsumexp(torch.stack([alpha, a1, a2]), dim=0)
loss = -torch.logsumexp(alpha[-2:], dim=0)
loss.backward()
grad = logits.grad
print(loss.item(), grad.isnan().any().item())
