import torch


def sigmoid_cross_entropy(logits, labels, eps=1e-8):
    logits = logits.float()
    log_p = torch.log(torch.sigmoid(logits) + eps)
    log_not_p = torch.log(torch.sigmoid(-logits) + eps)
    loss = -labels * log_p - (1 - labels) * log_not_p
    return loss


def experimentally_resolved_loss(logits, atom37_atom_exists, all_atom_mask, eps=1e-8):
    errors = sigmoid_cross_entropy(logits, all_atom_mask)
    loss = torch.sum(errors * atom37_atom_exists, dim=-1)
    loss = loss / (eps + torch.sum(atom37_atom_exists, dim=(-1, -2)).unsqueeze(-1))
    loss = torch.sum(loss, dim=-1)
    return torch.mean(loss)


class AlphaFoldLoss(torch.nn.Module):
    def __init__(self, weight=0.01):
        super().__init__()
        self.weight = weight

    def forward(self, out, batch):
        return self.weight * experimentally_resolved_loss(
            out["experimentally_resolved_logits"], batch["atom37_atom_exists"], batch["all_atom_mask"]
        )
