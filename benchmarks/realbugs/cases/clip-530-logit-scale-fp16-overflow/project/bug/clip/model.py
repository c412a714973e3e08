import numpy as np
import torch
from torch import nn


class CLIP(nn.Module):
    def __init__(self, embed_dim: int, image_dim: int, vocab_size: int, transformer_width: int):
        super().__init__()
        self.visual = nn.Sequential(nn.Linear(image_dim, 64), nn.GELU(), nn.Linear(64, 64))
        self.visual_proj = nn.Parameter(torch.randn(64, embed_dim) * 64 ** -0.5)
        self.token_embedding = nn.Embedding(vocab_size, transformer_width)
        self.ln_final = nn.LayerNorm(transformer_width)
        self.text_projection = nn.Parameter(torch.randn(transformer_width, embed_dim) * transformer_width ** -0.5)
        self.logit_scale = nn.Parameter(torch.ones([]) * np.log(1 / 0.07))

    @property
    def dtype(self):
        return self.visual[0].weight.dtype

    def encode_image(self, image):
        return self.visual(image.type(self.dtype)) @ self.visual_proj

    def encode_text(self, text):
        x = self.token_embedding(text).type(self.dtype)
        x = self.ln_final(x.float()).type(self.dtype)
        # take features from the eot embedding (eot_token is the highest number in each sequence)
        x = x[torch.arange(x.shape[0]), text.argmax(dim=-1)] @ self.text_projection
        return x

    def forward(self, image, text):
        image_features = self.encode_image(image)
        text_features = self.encode_text(text)

        # normalized features
        image_features = image_features / image_features.norm(dim=1, keepdim=True)
        text_features = text_features / text_features.norm(dim=1, keepdim=True)

        # cosine similarity as logits
        logit_scale = self.logit_scale.exp()
        logits_per_image = logit_scale * image_features @ text_features.t()
        logits_per_text = logits_per_image.t()

        # shape = [global_batch_size, global_batch_size]
        return logits_per_image, logits_per_text


def convert_weights(model: nn.Module):
    """Convert applicable model parameters to fp16"""

    def _convert_weights_to_fp16(l):
        if isinstance(l, (nn.Conv1d, nn.Conv2d, nn.Linear)):
            l.weight.data = l.weight.data.half()
            if l.bias is not None:
                l.bias.data = l.bias.data.half()

        if isinstance(l, nn.Embedding):
            l.weight.data = l.weight.data.half()

        for name in ["text_projection", "visual_proj"]:
            if hasattr(l, name):
                attr = getattr(l, name)
                if attr is not None:
                    attr.data = attr.data.half()

    model.apply(_convert_weights_to_fp16)
