# MemAE issue #10 fixed: the entropy takes log(w + eps) (the repo's EntropyLoss(eps=1e-12)), so a zeroed weight adds 0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def hard_shrink_relu(input, lambd=0.0, epsilon=1e-12):
    return (F.relu(input - lambd) * input) / (torch.abs(input - lambd) + epsilon)


class MemoryUnit(nn.Module):
    def __init__(self, mem_dim, fea_dim, shrink_thres=0.0025):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(mem_dim, fea_dim) * 0.5)
        self.shrink_thres = shrink_thres

    def forward(self, x):
        att = F.softmax(F.linear(x, self.weight), dim=1)
        att = hard_shrink_relu(att, lambd=self.shrink_thres)
        att = F.normalize(att, p=1, dim=1)
        return F.linear(att, self.weight.t()), att


def entropy_loss(att):
    b = att * torch.log(att + 1e-12)
    return (-1.0 * b.sum(dim=1)).mean()


encoder = nn.Linear(32, 16)
memory = MemoryUnit(200, 16)
decoder = nn.Linear(16, 32)
params = list(encoder.parameters()) + list(memory.parameters()) + list(decoder.parameters())
optimizer = torch.optim.Adam(params, lr=1e-3)
x = torch.randn(8, 32)
out, att = memory(encoder(x))
recon = decoder(out)
ent = entropy_loss(att)
loss = F.mse_loss(recon, x) + 0.0002 * ent
optimizer.zero_grad()
loss.backward()
optimizer.step()
