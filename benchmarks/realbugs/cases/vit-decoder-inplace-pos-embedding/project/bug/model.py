import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import ViTDecoder, ViTEncoder


class VectorQuantizer(nn.Module):
    def __init__(self, embed_dim, n_embed, beta=0.25):
        super().__init__()
        self.embedding = nn.Embedding(n_embed, embed_dim)
        self.beta = beta

    def forward(self, z):
        z_norm = F.normalize(z, dim=-1)
        codebook = F.normalize(self.embedding.weight, dim=-1)
        idx = torch.argmax(z_norm @ codebook.t(), dim=-1)
        z_q = codebook[idx]
        loss = self.beta * (z_q.detach() - z_norm).pow(2).mean() + (z_q - z_norm.detach()).pow(2).mean()
        z_q = z_norm + (z_q - z_norm).detach()
        return z_q, loss


class ViTVQTwoHead(nn.Module):
    def __init__(self, image_size=16, patch_size=4, dim=32, n_embed=64):
        super().__init__()
        self.encoder = ViTEncoder(image_size, patch_size, dim, depth=1, heads=4, mlp_dim=64)
        self.quantizer = VectorQuantizer(dim, n_embed)
        self.decoder_rgb = ViTDecoder(image_size, patch_size, dim, depth=1, heads=4, mlp_dim=64, channels=3)
        self.decoder_depth = ViTDecoder(image_size, patch_size, dim, depth=1, heads=4, mlp_dim=64, channels=1)

    def forward(self, x):
        quant, emb_loss = self.quantizer(self.encoder(x))
        rec_rgb = self.decoder_rgb(quant)
        rec_depth = self.decoder_depth(quant)
        return rec_rgb, rec_depth, emb_loss
