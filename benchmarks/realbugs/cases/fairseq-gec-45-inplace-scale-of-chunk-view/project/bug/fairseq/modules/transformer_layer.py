import torch.nn as nn
import torch.nn.functional as F

from fairseq.modules.multihead_attention import MultiheadAttention


class TransformerEncoderLayer(nn.Module):
    def __init__(self, embed_dim=32, heads=4, ffn_dim=64, dropout=0.1):
        super().__init__()
        self.self_attn = MultiheadAttention(embed_dim, heads, dropout=dropout)
        self.self_attn_layer_norm = nn.LayerNorm(embed_dim)
        self.fc1 = nn.Linear(embed_dim, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, embed_dim)
        self.final_layer_norm = nn.LayerNorm(embed_dim)
        self.dropout = dropout

    def forward(self, x, encoder_padding_mask):
        residual = x
        x, _ = self.self_attn(query=x, key=x, value=x, key_padding_mask=encoder_padding_mask)
        x = F.dropout(x, p=self.dropout, training=self.training)
        x = self.self_attn_layer_norm(residual + x)
        residual = x
        x = self.fc2(F.relu(self.fc1(x)))
        x = F.dropout(x, p=self.dropout, training=self.training)
        return self.final_layer_norm(residual + x)
