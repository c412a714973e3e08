import torch
import torch.nn as nn


class T5LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        if self.weight.dtype == torch.float16:
            hidden_states = hidden_states.to(self.weight.dtype)
        return self.weight * hidden_states


class T5DenseReluDense(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, hidden_states):
        return self.wo(torch.relu(self.wi(hidden_states)))


class T5LayerFF(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.DenseReluDense = T5DenseReluDense(d_model, d_ff)
        self.layer_norm = T5LayerNorm(d_model)

    def forward(self, hidden_states):
        forwarded_states = self.DenseReluDense(self.layer_norm(hidden_states))
        return hidden_states + forwarded_states


class T5Stack(nn.Module):
    def __init__(self, d_model, d_ff, n_layers):
        super().__init__()
        self.block = nn.ModuleList([T5LayerFF(d_model, d_ff) for _ in range(n_layers)])
        self.final_layer_norm = T5LayerNorm(d_model)

    def forward(self, hidden_states):
        for layer in self.block:
            hidden_states = layer(hidden_states)
        return self.final_layer_norm(hidden_states)
