import torch
import torch.nn as nn
from modeling_mask2former import Mask2FormerHungarianMatcher

torch.manual_seed(0)


class MaskHead(nn.Module):
    def __init__(self, queries=8, classes=5, hw=(250, 250)):
        super().__init__()
        self.hw = hw
        self.query_embed = nn.Parameter(torch.randn(queries, 16))
        self.class_head = nn.Linear(16, classes)
        self.mask_bias = nn.Parameter(torch.full((queries, 1), -2.0))

    def forward(self, pixel_embed):
        masks = torch.einsum("qc,bchw->bqhw", self.query_embed, pixel_embed) * 0.05 + self.mask_bias[None, :, :, None]
        return masks, self.class_head(self.query_embed).expand(pixel_embed.shape[0], -1, -1)


head = MaskHead().half()
matcher = Mask2FormerHungarianMatcher()
pixel_embed = torch.randn(1, 16, 250, 250).half()
mask_labels = [(torch.rand(2, 250, 250) > 0.3)]
class_labels = [torch.tensor([1, 3])]
masks, logits = head(pixel_embed)
indices = matcher(masks, logits, mask_labels, class_labels)
cost_mask = matcher.last_cost_mask
print(indices, cost_mask.isinf().any())
