from torch import Tensor, nn
import torch
from torch.nn import functional as F

class LinearLayer(nn.Module):
    def __init__(self, dim_in, dim_out, k, model):
        super(LinearLayer, self).__init__()
        if 'ViT' in model:
            self.fc = nn.ModuleList([nn.Linear(dim_in, dim_out) for i in range(k)])
        else:
            self.fc = nn.ModuleList([nn.Linear(dim_in * 2 ** (i + 2), dim_out) for i in range(k)])

    def forward(self, tokens):
        for i in range(len(tokens)):
            if len(tokens[i].shape) == 3:
                tokens[i] = self.fc[i](tokens[i][:, 1:, :])
            else:
                B, C, H, W = tokens[i].shape
                tokens[i] = self.fc[i](tokens[i].view(B, C, -1).permute(0, 2, 1).contiguous())
        return tokens


class FrozenCLIPStub(nn.Module):
    """Stands in for open_clip's ViT-B-16: returns the pooled feature and the patch tokens of some layers."""

    def __init__(self, width=32, embed_dim=16, n_patches=16):
        super().__init__()
        self.width = width
        self.proj = nn.Linear(3 * 4 * 4, width)
        self.head = nn.Linear(width, embed_dim)

    def encode_image(self, image, features_list):
        B = image.shape[0]
        patches = image.unfold(2, 4, 4).unfold(3, 4, 4).permute(0, 2, 3, 1, 4, 5).reshape(B, -1, 48)
        x = self.proj(patches)
        x = torch.cat([x.mean(1, keepdim=True), x], dim=1)
        patch_tokens = [x * (i + 1) for i in range(len(features_list))]
        return self.head(x[:, 0]), patch_tokens
