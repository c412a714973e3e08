import torch
import torch.nn as nn
import torch.nn.functional as F

from predictor import PredictorLG


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x, policy=None):
        out = self.mlp(self.norm(x))
        if policy is not None:
            out = out * policy
        return x + out


class VisionTransformerDiffPruning(nn.Module):
    def __init__(self, num_patches=16, embed_dim=32, depth=4, pruning_loc=(1, 2), num_classes=10):
        super().__init__()
        self.patch_embed = nn.Linear(48, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.randn(1, num_patches + 1, embed_dim) * 0.02)
        self.blocks = nn.ModuleList([Block(embed_dim) for _ in range(depth)])
        self.pruning_loc = pruning_loc
        self.score_predictor = nn.ModuleList([PredictorLG(embed_dim) for _ in pruning_loc])
        self.head = nn.Linear(embed_dim, num_classes)

    def forward(self, patches):
        x = self.patch_embed(patches)
        B = x.shape[0]
        x = torch.cat((self.cls_token.expand(B, -1, -1), x), dim=1) + self.pos_embed
        p_count = 0
        out_pred_prob = []
        prev_decision = torch.ones(B, x.shape[1] - 1, 1, dtype=x.dtype)
        policy = torch.ones(B, x.shape[1], 1, dtype=x.dtype)
        for i, blk in enumerate(self.blocks):
            if i in self.pruning_loc:
                spatial_x = x[:, 1:]
                pred_score = self.score_predictor[p_count](spatial_x, prev_decision).reshape(B, -1, 2)
                hard_keep_decision = F.gumbel_softmax(pred_score, hard=True)[:, :, 0:1] * prev_decision
                out_pred_prob.append(hard_keep_decision.reshape(B, -1))
                cls_policy = torch.ones(B, 1, 1, dtype=hard_keep_decision.dtype)
                policy = torch.cat([cls_policy, hard_keep_decision], dim=1)
                x = blk(x, policy=policy)
                prev_decision = hard_keep_decision
                p_count += 1
            else:
                x = blk(x, policy)
        return self.head(x[:, 0]), out_pred_prob
