# https://github.com/kornia/kornia/pull/3480 - fix from the PR: clamp logit_scale to log(100) before exp(), as CLIP does.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
vision_proj = nn.Linear(16, 8)
text_proj = nn.Linear(12, 8)
logit_scale = nn.Parameter(torch.tensor(100.0))  # grown during training
logit_bias = nn.Parameter(torch.tensor(-10.0))

pixels = torch.randn(2, 16)
tokens = torch.randn(2, 12)
image_embeds = F.normalize(vision_proj(pixels), dim=-1)
text_embeds = F.normalize(text_proj(tokens), dim=-1)

logits_per_text = logit_scale.clamp(max=math.log(100.0)).exp() * text_embeds @ image_embeds.t() + logit_bias
labels = 2 * torch.eye(2) - 1
loss = -F.logsigmoid(labels * logits_per_text).sum() / 2
print(logits_per_text, loss.item())
