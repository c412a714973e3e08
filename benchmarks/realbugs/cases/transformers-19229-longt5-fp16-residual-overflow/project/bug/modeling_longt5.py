import torch
import torch.nn as nn
import torch.nn.functional as F


class LongT5LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        if self.weight.dtype in [torch.float16, torch.bfloat16]:
            hidden_states = hidden_states.to(self.weight.dtype)
        return self.weight * hidden_states


class LongT5DenseGatedActDense(nn.Module):
    def __init__(self, d_model, d_ff, dropout_rate=0.1):
        super().__init__()
        self.wi_0 = nn.Linear(d_model, d_ff, bias=False)
        self.wi_1 = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)
        self.dropout = nn.Dropout(dropout_rate)

    def forward(self, hidden_states):
        hidden_gelu = F.gelu(self.wi_0(hidden_states), approximate='tanh')
        hidden_linear = self.wi_1(hidden_states)
        hidden_states = self.dropout(hidden_gelu * hidden_linear)
        return self.wo(hidden_states)


class LongT5LayerFF(nn.Module):
    def __init__(self, d_model, d_ff, dropout_rate=0.1):
        super().__init__()
        self.DenseReluDense = LongT5DenseGatedActDense(d_model, d_ff, dropout_rate)
        self.layer_norm = LongT5LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout_rate)

    def forward(self, hidden_states):
        forwarded_states = self.layer_norm(hidden_states)
        forwarded_states = self.DenseReluDense(forwarded_states)
        hidden_states = hidden_states + self.dropout(forwarded_states)
        return hidden_states


class LongT5Stack(nn.Module):
    def __init__(self, vocab_size=100, d_model=16, d_ff=32, num_layers=2):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, d_model)
        self.block = nn.ModuleList([LongT5LayerFF(d_model, d_ff) for _ in range(num_layers)])
        self.final_layer_norm = LongT5LayerNorm(d_model)

    def forward(self, input_ids, residual=None):
        hidden_states = self.embed_tokens(input_ids)
        if residual is not None:
            hidden_states = hidden_states + residual
        for layer in self.block:
            hidden_states = layer(hidden_states)
        return self.final_layer_norm(hidden_states)
