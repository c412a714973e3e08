import torch
import torch.nn as nn


class Gemma3RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        output = self._norm(x.float())
        # Llama does x.to(float16) * w whilst Gemma3 is (x * w).to(float16)
        output = output * (1.0 + self.weight.float())
        if x.dtype == torch.float16:
            output = torch.clamp(output, min=-65503.9, max=65503.9)
        return output.type_as(x)


class Gemma3MLP(nn.Module):
    def __init__(self, hidden_size, intermediate_size):
        super().__init__()
        self.gate_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.up_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.down_proj = nn.Linear(intermediate_size, hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(nn.functional.gelu(self.gate_proj(x), approximate='tanh') * self.up_proj(x))


class Gemma3DecoderLayer(nn.Module):
    def __init__(self, hidden_size, intermediate_size):
        super().__init__()
        self.mlp = Gemma3MLP(hidden_size, intermediate_size)
        self.pre_feedforward_layernorm = Gemma3RMSNorm(hidden_size)
        self.post_feedforward_layernorm = Gemma3RMSNorm(hidden_size)

    def forward(self, hidden_states):
        residual = hidden_states
        hidden_states = self.pre_feedforward_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        hidden_states = self.post_feedforward_layernorm(hidden_states)
        hidden_states = residual + hidden_states
        return hidden_states


class Gemma3TextModel(nn.Module):
    def __init__(self, vocab_size=64, hidden_size=3840, intermediate_size=64, num_layers=2):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, hidden_size)
        self.layers = nn.ModuleList(Gemma3DecoderLayer(hidden_size, intermediate_size) for _ in range(num_layers))
        self.norm = Gemma3RMSNorm(hidden_size)
        self.lm_head = nn.Linear(hidden_size, vocab_size, bias=False)

    def forward(self, input_ids):
        hidden_states = self.embed_tokens(input_ids)
        for layer in self.layers:
            hidden_states = layer(hidden_states)
        return self.lm_head(self.norm(hidden_states))
