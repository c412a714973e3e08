import torch
import torch.nn as nn

from models.layers import MultiHeadAttention


class SASRec(nn.Module):
    def __init__(self, item_num, emb_size=8, num_heads=2, max_his=5):
        super().__init__()
        self.i_embeddings = nn.Embedding(item_num, emb_size)
        self.p_embeddings = nn.Embedding(max_his + 1, emb_size)
        self.attention = MultiHeadAttention(emb_size, num_heads)

    def forward(self, history, lengths):
        batch_size, seq_len = history.shape
        valid_his = (history > 0).long()
        his_vectors = self.i_embeddings(history)
        position = (lengths[:, None] - torch.arange(seq_len)[None, :]) * valid_his
        his_vectors = his_vectors + self.p_embeddings(position)
        attn_mask = valid_his.view(batch_size, 1, 1, seq_len)
        his_vectors = self.attention(his_vectors, his_vectors, his_vectors, mask=attn_mask)
        his_vector = (his_vectors * valid_his[:, :, None].float()).sum(1)
        return his_vector
