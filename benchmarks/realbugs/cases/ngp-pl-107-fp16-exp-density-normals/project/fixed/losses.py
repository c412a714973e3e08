import torch
import torch.nn as nn


class NeRFLoss(nn.Module):
    def __init__(self, lambda_normal=1e-2):
        super().__init__()
        self.lambda_normal = lambda_normal

    def forward(self, results, target):
        sigmas, rgbs, normals = results
        d = {"rgb": (rgbs.float() - target["rgb"]) ** 2}
        d["normal"] = self.lambda_normal * (1 - (normals * target["normal"]).sum(-1))
        return d
