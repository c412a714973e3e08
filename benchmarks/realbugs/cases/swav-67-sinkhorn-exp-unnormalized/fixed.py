# swav #67 fixed (thread): l2-normalize the projected features before the prototypes, so scores / epsilon <= 20.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
epsilon, sinkhorn_iterations, temperature = 0.05, 3, 0.1


@torch.no_grad()
def distributed_sinkhorn(out):
    Q = torch.exp(out / epsilon).t()
    B = Q.shape[1]
    K = Q.shape[0]
    sum_Q = torch.sum(Q)
    Q /= sum_Q
    for it in range(sinkhorn_iterations):
        sum_of_rows = torch.sum(Q, dim=1, keepdim=True)
        Q /= sum_of_rows
        Q /= K
        Q /= B
        Q /= torch.sum(Q, dim=0, keepdim=True)
        Q /= B
    Q *= B
    return Q.t()


class SwAVHead(nn.Module):
    def __init__(self, dim=32, nmb_prototypes=30):
        super().__init__()
        self.projection_head = nn.Linear(64, dim)
        self.prototypes = nn.Linear(dim, nmb_prototypes, bias=False)

    def forward(self, feats):
        x = self.projection_head(feats)
        x = F.normalize(x, dim=1, p=2)
        return self.prototypes(x)


model = SwAVHead()
with torch.no_grad():
    model.prototypes.weight.copy_(F.normalize(model.prototypes.weight, dim=1))
feats = torch.relu(torch.randn(16, 64)) * 6  # two crops' backbone features, batch of 8 each
output = model(feats)
q = distributed_sinkhorn(output[:8].detach())
x = output[8:] / temperature
loss = -torch.mean(torch.sum(q * F.log_softmax(x, dim=1), dim=1))  # as main_swav.py computes it (line 313 at 06b1b7c)
loss.backward()
