import torch.nn as nn

from normalize import FusedLayerNorm


class Config:
    vocab_size = 32
    hidden_size = 16
    layer_norm_eps = 1e-12
    pad_token_id = 0


class Embeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=config.pad_token_id)
        self.LayerNorm = FusedLayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, input_ids):
        return self.LayerNorm(self.word_embeddings(input_ids))


class Encoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embeddings = Embeddings(config)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, input_ids):
        return self.dense(self.embeddings(input_ids))
