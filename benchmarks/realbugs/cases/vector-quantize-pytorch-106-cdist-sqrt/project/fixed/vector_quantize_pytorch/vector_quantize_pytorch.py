"""Vector quantisation with a k-means initialised, learnable Euclidean codebook."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def l2norm(t):
    return F.normalize(t, p=2, dim=-1)


def cdist(x, y, eps=1e-8):
    x2 = (x ** 2).sum(-1)
    y2 = (y ** 2).sum(-1)
    xy = torch.einsum("b i d, b j d -> b i j", x, y) * -2
    return (x2.unsqueeze(-1) + y2.unsqueeze(-2) + xy).clamp(min=eps).sqrt()


def sample_vectors(samples, num):
    num_samples = samples.shape[1]
    indices = torch.randperm(num_samples)[:num] if num_samples >= num else torch.randint(0, num_samples, (num,))
    return samples[:, indices]


class EuclideanCodebook(nn.Module):
    def __init__(self, dim, codebook_size, kmeans_init=True, learnable_codebook=True, temperature=1.0):
        super().__init__()
        self.codebook_size = codebook_size
        self.learnable_codebook = learnable_codebook
        self.temperature = temperature
        self.embed = nn.Parameter(torch.randn(1, codebook_size, dim))
        self.register_buffer("initted", torch.tensor(not kmeans_init))

    @torch.no_grad()
    def init_embed_(self, data):
        if self.initted:
            return
        self.embed.data.copy_(sample_vectors(data, self.codebook_size))
        self.initted.fill_(True)

    def forward(self, x):
        self.init_embed_(x)
        dist = -cdist(x, self.embed)
        embed_ind = dist.argmax(dim=-1)
        if self.learnable_codebook:
            attn = (dist / self.temperature).softmax(dim=-1)
            quantize = attn @ self.embed
        else:
            quantize = F.embedding(embed_ind, self.embed[0])
        return quantize, embed_ind, dist


class VectorQuantize(nn.Module):
    def __init__(self, dim, codebook_size, commitment_weight=0.25, **codebook_kwargs):
        super().__init__()
        self.commitment_weight = commitment_weight
        self._codebook = EuclideanCodebook(dim, codebook_size, **codebook_kwargs)

    def forward(self, x):
        quantize, embed_ind, dist = self._codebook(x)
        commit_loss = F.mse_loss(x, quantize.detach()) * self.commitment_weight
        return quantize, embed_ind, commit_loss
