import torch
import torch.nn as nn

from backbone import TransformerEncoder


class BEATsConfig:
    input_patch_size = 4
    embed_dim = 24
    encoder_embed_dim = 32
    encoder_layers = 2
    encoder_attention_heads = 4
    conv_pos = 8
    conv_pos_groups = 4
    dropout = 0.1
    layer_norm_first = False
    num_classes = 5


class BEATs(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.patch_embedding = nn.Conv2d(1, cfg.embed_dim, kernel_size=cfg.input_patch_size,
                                         stride=cfg.input_patch_size, bias=False)
        self.layer_norm = nn.LayerNorm(cfg.embed_dim)
        self.post_extract_proj = nn.Linear(cfg.embed_dim, cfg.encoder_embed_dim)
        self.encoder = TransformerEncoder(cfg)
        self.predictor = nn.Linear(cfg.encoder_embed_dim, cfg.num_classes)

    def extract_features(self, fbank, padding_mask=None):
        features = self.patch_embedding(fbank.unsqueeze(1))
        features = features.reshape(features.shape[0], features.shape[1], -1).transpose(1, 2)
        features = self.layer_norm(features)
        x = self.post_extract_proj(features)
        return self.encoder(x, padding_mask=padding_mask)

    def forward(self, fbank):
        x = self.extract_features(fbank)
        return self.predictor(x.mean(dim=1))
