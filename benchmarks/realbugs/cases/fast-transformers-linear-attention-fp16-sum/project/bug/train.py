import torch
from attention_layer import AttentionLayer

torch.manual_seed(0)
layer = AttentionLayer(d_model=16, n_heads=2)
with torch.no_grad():
    layer.key_projection.bias.fill_(40.0)
    layer.value_projection.bias.fill_(5.0)
layer = layer.half()

x = torch.randn(1, 2048, 16).half()
V = layer(x)
print("output mean", V.float().mean().item())
