# lucidrains/vector-quantize-pytorch#106, fixed as upstream (6102e37, then b1ea624 "make cdist
# output safe to differentiate through"): the squared distance is clamped to eps before sqrt.
import torch
import torch.nn as nn
import torch.nn.functional as F


def cdist(x, y, eps=1e-8):
    x2 = (x ** 2).sum(-1)
    y2 = (y ** 2).sum(-1)
    xy = torch.einsum("b i d, b j d -> b i j", x, y) * -2
    return (x2.unsqueeze(-1) + y2.unsqueeze(-2) + xy).clamp(min=eps).sqrt()


class EuclideanCodebook(nn.Module):
    def __init__(self, dim, codebook_size, kmeans_init=True, temperature=1.0):
        super().__init__()
        self.codebook_size, self.temperature = codebook_size, temperature
        self.embed = nn.Parameter(torch.randn(1, codebook_size, dim))
        self.initted = not kmeans_init

    @torch.no_grad()
    def init_embed_(self, data):
        idx = torch.randperm(data.shape[1])[: self.codebook_size]
        self.embed.data.copy_(data[:, idx])
        self.initted = True

    def forward(self, x):
        if not self.initted:
            self.init_embed_(x)
        dist = -cdist(x, self.embed)
        embed_ind = dist.argmax(dim=-1)
        attn = (dist / self.temperature).softmax(dim=-1)  # learnable codebook: soft assignment
        quantize = attn @ self.embed
        return quantize, embed_ind, dist


class VQAutoEncoder(nn.Module):
    def __init__(self, in_dim=32, dim=16, codebook_size=8):
        super().__init__()
        self.encoder = nn.Linear(in_dim, dim)
        self.codebook = EuclideanCodebook(dim, codebook_size)
        self.decoder = nn.Linear(dim, in_dim)

    def forward(self, x):
        z = self.encoder(x)
        quantize, indices, dist = self.codebook(z)
        commit_loss = F.mse_loss(z, quantize.detach())
        return self.decoder(quantize), commit_loss


torch.manual_seed(0)
model = VQAutoEncoder()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
x = torch.randn(1, 64, 32) * 3.0
recon, commit_loss = model(x)
loss = F.mse_loss(recon, x) + 0.25 * commit_loss
optimizer.zero_grad()
loss.backward()
grad = model.encoder.weight.grad
