import torch
import torch.nn as nn


class EmbedMaskHead(nn.Module):
    """Pixel embeddings and proposal embeddings; a pixel's mask probability is a Gaussian of its distance
    to the proposal's center embedding, with a learned margin sigma."""

    def __init__(self, in_ch=3, embed_dim=4):
        super().__init__()
        self.pixel_embed = nn.Conv2d(in_ch, embed_dim, 1)
        self.log_sigma = nn.Parameter(torch.zeros(1))

    def forward(self, images, centers_yx):
        emb = self.pixel_embed(images)  # (N, D, H, W)
        centers = torch.stack([emb[i, :, y, x] for i, (y, x) in enumerate(centers_yx)])  # proposal embedding
        sigma = self.log_sigma.exp()
        dist2 = ((emb - centers[:, :, None, None]) ** 2).sum(1)
        return torch.exp(-dist2 / (2 * sigma ** 2))  # mask probabilities in (0, 1]
