import torch
import torch.nn as nn
from tft_submodels import _InterpretableMultiHeadAttention


class _TFTModule(nn.Module):
    def __init__(self, d_model=8, n_head=2, output_chunk_length=3):
        super().__init__()
        self.input_proj = nn.Linear(1, d_model)
        self.multihead_attn = _InterpretableMultiHeadAttention(n_head, d_model)
        self.output_layer = nn.Linear(d_model, 1)
        self.output_chunk_length = output_chunk_length

    @staticmethod
    def get_attention_mask_future(encoder_length, decoder_length):
        total = encoder_length + decoder_length
        mask = torch.triu(torch.ones(total, total, dtype=torch.bool), diagonal=1)
        return mask[encoder_length:]

    def forward(self, x):
        emb = self.input_proj(x)
        enc_len = x.shape[1] - self.output_chunk_length
        mask = self.get_attention_mask_future(enc_len, self.output_chunk_length)
        mask = mask.unsqueeze(0).expand(x.shape[0], -1, -1)
        attn_out = self.multihead_attn(emb[:, enc_len:], emb, emb, mask)
        return self.output_layer(attn_out)
