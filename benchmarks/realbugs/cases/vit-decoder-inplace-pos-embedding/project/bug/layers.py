import torch
import torch.nn as nn


class PreNorm(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fn = fn

    def forward(self, x, **kwargs):
        return self.fn(self.norm(x), **kwargs)


class FeedForward(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden_dim), nn.Tanh(), nn.Linear(hidden_dim, dim))

    def forward(self, x):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, dim, heads=4, dim_head=8):
        super().__init__()
        inner_dim = dim_head * heads
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.to_qkv = nn.Linear(dim, inner_dim * 3, bias=False)
        self.to_out = nn.Linear(inner_dim, dim)

    def forward(self, x):
        b, n, _ = x.shape
        qkv = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.view(b, n, self.heads, -1).transpose(1, 2) for t in qkv)
        attn = (torch.matmul(q, k.transpose(-1, -2)) * self.scale).softmax(dim=-1)
        out = torch.matmul(attn, v).transpose(1, 2).reshape(b, n, -1)
        return self.to_out(out)


class Transformer(nn.Module):
    def __init__(self, dim, depth, heads, dim_head, mlp_dim):
        super().__init__()
        self.layers = nn.ModuleList([
            nn.ModuleList([PreNorm(dim, Attention(dim, heads, dim_head)), PreNorm(dim, FeedForward(dim, mlp_dim))])
            for _ in range(depth)
        ])
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        for attn, ff in self.layers:
            x = attn(x) + x
            x = ff(x) + x
        return self.norm(x)


class ViTEncoder(nn.Module):
    def __init__(self, image_size, patch_size, dim, depth, heads, mlp_dim, channels=3, dim_head=8):
        super().__init__()
        self.patch_size = patch_size
        num_patches = (image_size // patch_size) ** 2
        self.to_patch_embedding = nn.Linear(channels * patch_size * patch_size, dim)
        self.en_pos_embedding = nn.Parameter(torch.randn(1, num_patches, dim) * 0.02)
        self.transformer = Transformer(dim, depth, heads, dim_head, mlp_dim)

    def forward(self, img):
        p = self.patch_size
        patches = img.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).flatten(3).flatten(1, 2)
        x = self.to_patch_embedding(patches)
        x = x + self.en_pos_embedding
        return self.transformer(x)


class ViTDecoder(nn.Module):
    def __init__(self, image_size, patch_size, dim, depth, heads, mlp_dim, channels=3, dim_head=8):
        super().__init__()
        self.image_size = image_size
        self.patch_size = patch_size
        self.channels = channels
        num_patches = (image_size // patch_size) ** 2
        self.de_pos_embedding = nn.Parameter(torch.randn(1, num_patches, dim) * 0.02)
        self.transformer = Transformer(dim, depth, heads, dim_head, mlp_dim)
        self.to_pixel = nn.Linear(dim, channels * patch_size * patch_size)

    def forward(self, token):
        token += self.de_pos_embedding
        x = self.transformer(token)
        x = self.to_pixel(x)
        b, n, _ = x.shape
        g = self.image_size // self.patch_size
        p = self.patch_size
        x = x.view(b, g, g, self.channels, p, p).permute(0, 3, 1, 4, 2, 5)
        return x.reshape(b, self.channels, self.image_size, self.image_size)
