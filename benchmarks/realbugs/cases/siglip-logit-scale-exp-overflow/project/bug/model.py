import torch
import torch.nn as nn
import torch.nn.functional as F


class SigLipModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.vision_model = nn.Sequential(nn.Linear(config.vision_dim, 32), nn.GELU(), nn.Linear(32, config.embed_dim))
        self.text_model = nn.Sequential(nn.Linear(config.text_dim, 32), nn.GELU(), nn.Linear(32, config.embed_dim))
        self.logit_scale = nn.Parameter(torch.tensor(config.logit_scale_init))
        self.logit_bias = nn.Parameter(torch.tensor(config.logit_bias_init))

    def forward(self, pixel_values, input_features):
        image_embeds = F.normalize(self.vision_model(pixel_values), dim=-1)
        text_embeds = F.normalize(self.text_model(input_features), dim=-1)
        logits_per_text = self.logit_scale.exp() * text_embeds @ image_embeds.t() + self.logit_bias
        logits_per_image = logits_per_text.t()
        return logits_per_image, logits_per_text
