import torch
import torch.nn as nn
import torch.nn.functional as F


class CrossAttentionLayer(nn.Module):
    def __init__(self, d_model, nhead):
        super().__init__()
        self.multihead_attn = nn.MultiheadAttention(d_model, nhead)
        self.norm = nn.LayerNorm(d_model)

    def forward(self, tgt, memory, memory_mask=None):
        tgt2 = self.multihead_attn(tgt, memory, memory, attn_mask=memory_mask)[0]
        return self.norm(tgt + tgt2)


class MultiScaleMaskedTransformerDecoder(nn.Module):
    def __init__(self, hidden_dim=16, num_queries=6, nheads=2, num_classes=3, num_layers=2):
        super().__init__()
        self.num_heads = nheads
        self.query_feat = nn.Embedding(num_queries, hidden_dim)
        self.layers = nn.ModuleList([CrossAttentionLayer(hidden_dim, nheads) for _ in range(num_layers)])
        self.decoder_norm = nn.LayerNorm(hidden_dim)
        self.class_embed = nn.Linear(hidden_dim, num_classes + 1)
        self.mask_embed = nn.Linear(hidden_dim, hidden_dim)

    def forward_prediction_heads(self, output, mask_features, attn_mask_target_size):
        decoder_output = self.decoder_norm(output).transpose(0, 1)
        outputs_class = self.class_embed(decoder_output)
        mask_embed = self.mask_embed(decoder_output)
        outputs_mask = torch.einsum("bqc,bchw->bqhw", mask_embed, mask_features)
        attn_mask = F.interpolate(outputs_mask, size=attn_mask_target_size, mode="bilinear", align_corners=False)
        attn_mask = (attn_mask.sigmoid().flatten(2).unsqueeze(1).repeat(1, self.num_heads, 1, 1).flatten(0, 1) < 0.5).bool()
        attn_mask = attn_mask.detach()
        return outputs_class, outputs_mask, attn_mask

    def forward(self, src, mask_features):
        bs = src.shape[1]
        output = self.query_feat.weight.unsqueeze(1).repeat(1, bs, 1)
        size = mask_features.shape[-2:]
        outputs_class, outputs_mask, attn_mask = self.forward_prediction_heads(output, mask_features, size)
        for layer in self.layers:
            output = layer(output, src, memory_mask=attn_mask)
            outputs_class, outputs_mask, attn_mask = self.forward_prediction_heads(output, mask_features, size)
        return outputs_class, outputs_mask
