# transformers #5651: T5DenseReluDense h = self.wo(h) exceeds 65504 under fp16 -> inf, then NaN in the next layer norm/loss.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class T5LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, x):
        variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        x = x / torch.sqrt(variance + self.variance_epsilon)
        return self.weight * x.to(self.weight.dtype)


class T5DenseReluDense(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, hidden_states):
        h = self.wi(hidden_states)
        h = F.relu(h)
        h = self.wo(h)
        return h


class T5LayerFF(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.DenseReluDense = T5DenseReluDense(d_model, d_ff)
        self.layer_norm = T5LayerNorm(d_model)

    def forward(self, hidden_states):
        norm_x = self.layer_norm(hidden_states)
        y = self.DenseReluDense(norm_x)
        return hidden_states + y


d_model, d_ff = 16, 64
layers = nn.ModuleList([T5LayerFF(d_model, d_ff) for _ in range(2)]).half()
with torch.no_grad():
    # after fine-tuning, t5-base's feed-forward weights are large: wo outputs reach ~66000 (> fp16 max 65504)
    layers[0].DenseReluDense.wi.weight.mul_(100.0)
    layers[0].DenseReluDense.wo.weight.mul_(1000.0)
final_layer_norm = T5LayerNorm(d_model).half()
hidden_states = torch.randn(2, 5, d_model).half()
for layer in layers:
    hidden_states = layer(hidden_states)
hidden_states = final_layer_norm(hidden_states)
