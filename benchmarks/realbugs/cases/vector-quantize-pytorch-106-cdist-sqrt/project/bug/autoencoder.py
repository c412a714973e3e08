"""A small VQ autoencoder for feature sequences."""
import torch.nn as nn

from vector_quantize_pytorch import VectorQuantize


class VQAutoEncoder(nn.Module):
    def __init__(self, in_dim=32, dim=16, codebook_size=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, 64), nn.GELU(), nn.Linear(64, dim))
        self.vq = VectorQuantize(dim, codebook_size, kmeans_init=True, learnable_codebook=True)
        self.decoder = nn.Sequential(nn.Linear(dim, 64), nn.GELU(), nn.Linear(64, in_dim))

    def forward(self, x):
        z = self.encoder(x)
        quantize, indices, commit_loss = self.vq(z)
        return self.decoder(quantize), indices, commit_loss
