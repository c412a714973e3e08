import torch.nn as nn


class PatchAutoEncoder(nn.Module):
    """Encodes each image patch to a feature vector and reconstructs the image."""

    def __init__(self, patch=4, dim=8):
        super().__init__()
        self.patch = patch
        self.encode = nn.Linear(patch * patch, dim)
        self.decode = nn.Linear(dim, patch * patch)

    def forward(self, img):
        n = img.size(0)
        p = self.patch
        patches = img.unfold(2, p, p).unfold(3, p, p).reshape(n, -1, p * p)
        vector = self.encode(patches).relu()
        recon = self.decode(vector)
        return vector, recon, patches
