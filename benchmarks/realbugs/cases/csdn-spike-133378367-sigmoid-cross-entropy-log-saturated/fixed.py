# CSDN (SpikeKing) 133378367 fixed: add eps = 1e-8 inside both logs, as the post does.
import torch
import torch.nn as nn

torch.manual_seed(0)


def sigmoid_cross_entropy(logits, labels, eps=1e-8):
    logits = logits.float()
    log_p = torch.log(torch.sigmoid(logits) + eps)
    log_not_p = torch.log(torch.sigmoid(-logits) + eps)
    loss = -labels * log_p - (1 - labels) * log_not_p
    return loss


def experimentally_resolved_loss(logits, atom_exists, all_atom_mask, eps=1e-8):
    errors = sigmoid_cross_entropy(logits, all_atom_mask)
    loss = torch.sum(errors * atom_exists, dim=-1)
    loss = loss / (eps + torch.sum(atom_exists, dim=(-1, -2)).unsqueeze(-1))
    return torch.mean(torch.sum(loss, dim=-1))


head = nn.Linear(16, 37)
single = torch.randn(2, 10, 16)
single[0, 3] = 400.0  # a saturated residue representation
optimizer = torch.optim.SGD(head.parameters(), lr=1e-3)
logits = head(single)
all_atom_mask = (torch.rand(2, 10, 37) > 0.5).float()
atom_exists = torch.ones(2, 10, 37)
loss = experimentally_resolved_loss(logits, atom_exists, all_atom_mask)
optimizer.zero_grad()
loss.backward()
optimizer.step()
