import torch.nn as nn


class BERT4Rec(nn.Module):
    def __init__(self, num_items, max_len, hidden=16, heads=2, layers=1):
        super().__init__()
        self.token_emb = nn.Embedding(num_items + 2, hidden, padding_idx=0)
        self.pos_emb = nn.Embedding(max_len, hidden)
        layer = nn.TransformerEncoderLayer(hidden, heads, dim_feedforward=32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.out = nn.Linear(hidden, num_items + 1)

    def forward(self, tokens):
        positions = self.pos_emb.weight[: tokens.size(1)].unsqueeze(0)
        x = self.token_emb(tokens) + positions
        x = self.encoder(x)
        return self.out(x)
