import math

import torch
import torch.nn as nn

from cnn import ConvModule


class PositionEmbeddingSine(nn.Module):
    def __init__(self, num_pos_feats=64, temperature=10000):
        super().__init__()
        self.num_pos_feats = num_pos_feats
        self.temperature = temperature
        self.scale = 2 * math.pi

    def forward(self, mask):
        not_mask = ~mask
        y_embed = not_mask.cumsum(1, dtype=torch.float32)
        x_embed = not_mask.cumsum(2, dtype=torch.float32)
        y_embed = y_embed / (y_embed[:, -1:, :] + 1e-6) * self.scale
        x_embed = x_embed / (x_embed[:, :, -1:] + 1e-6) * self.scale
        dim_t = torch.arange(self.num_pos_feats, dtype=torch.float32)
        dim_t = self.temperature ** (2 * (dim_t // 2) / self.num_pos_feats)
        pos_x = x_embed[:, :, :, None] / dim_t
        pos_y = y_embed[:, :, :, None] / dim_t
        pos_x = torch.stack((pos_x[..., 0::2].sin(), pos_x[..., 1::2].cos()), dim=4).flatten(3)
        pos_y = torch.stack((pos_y[..., 0::2].sin(), pos_y[..., 1::2].cos()), dim=4).flatten(3)
        return torch.cat((pos_y, pos_x), dim=3).permute(0, 3, 1, 2)


def build_position_encoding(hidden_dim, shape):
    mask = torch.zeros(shape, dtype=torch.bool)
    return PositionEmbeddingSine(hidden_dim // 2)(mask)


class AttentionLayer(nn.Module):
    def __init__(self, in_dim, out_dim, ratio=4, stride=1):
        super().__init__()
        norm_cfg = dict(type="BN", requires_grad=True)
        self.pre_conv = ConvModule(in_dim, out_dim, 3, stride=stride, padding=1,
                                   norm_cfg=norm_cfg, inplace=False)
        self.query_conv = nn.Conv2d(out_dim, out_dim // ratio, 1)
        self.key_conv = nn.Conv2d(out_dim, out_dim // ratio, 1)
        self.value_conv = nn.Conv2d(out_dim, out_dim, 1)
        self.final_conv = ConvModule(out_dim, out_dim, 3, padding=1, norm_cfg=norm_cfg)
        self.gamma = nn.Parameter(torch.zeros(1))

    def forward(self, x, pos=None):
        x = self.pre_conv(x)
        m_batchsize, _, height, width = x.size()
        if pos is not None:
            x += pos
        proj_query = self.query_conv(x).view(m_batchsize, -1, width * height).permute(0, 2, 1)
        proj_key = self.key_conv(x).view(m_batchsize, -1, width * height)
        attention = torch.softmax(torch.bmm(proj_query, proj_key), dim=-1).permute(0, 2, 1)
        proj_value = self.value_conv(x).view(m_batchsize, -1, width * height)
        out = torch.bmm(proj_value, attention).view(m_batchsize, -1, height, width)
        return self.final_conv(self.gamma * out + x)


class TransConvEncoderModule(nn.Module):
    def __init__(self, attn_in_dims, attn_out_dims, strides, ratios, pos_shape):
        super().__init__()
        self.attn_layers = nn.ModuleList(
            [AttentionLayer(d1, d2, r, s) for d1, d2, s, r in zip(attn_in_dims, attn_out_dims, strides, ratios)])
        self.pos_embeds = [build_position_encoding(d, pos_shape) for d in attn_out_dims]

    def forward(self, src):
        for layer, pos in zip(self.attn_layers, self.pos_embeds):
            src = layer(src, pos.to(src.device))
        return src
