# https://github.com/huggingface/transformers/pull/19229 -- LongT5 in float16: LongT5LayerFF adds the
# GeLU feed-forward output back onto the residual stream, hidden_states + dropout(forwarded_states);
# on long inputs the deep blocks' activations exceed 65504, the sum overflows to inf, and the next
# LayerNorm turns it into NaN (inf * rsqrt(inf) = inf * 0), so last_hidden_state is NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
d_model, d_ff = 16, 32
wi_0 = nn.Linear(d_model, d_ff, bias=False).half()
wi_1 = nn.Linear(d_model, d_ff, bias=False).half()
wo = nn.Linear(d_ff, d_model, bias=False).half()
ln_weight = torch.ones(d_model, dtype=torch.float16)
with torch.no_grad():
    wo.weight.mul_(6e4)                       # deep-block weights of the pretrained checkpoint: large outputs
hidden_states = (torch.randn(1, 64, d_model) * 3e4).clamp(-6e4, 6e4).half()   # a large residual stream


def layer_norm(h):
    variance = h.to(torch.float32).pow(2).mean(-1, keepdim=True)
    h = h * torch.rsqrt(variance + 1e-6)
    return ln_weight * h.to(torch.float16)


forwarded_states = layer_norm(hidden_states)
forwarded_states = wo(F.gelu(wi_0(forwarded_states), approximate='tanh') * wi_1(forwarded_states))
hidden_states = hidden_states + forwarded_states
last_hidden_state = layer_norm(hidden_states)
