import torch

from lite.awq import NORM_FCS_MAP, smooth_layers
from lite.model import Qwen2DecoderLayer

torch.manual_seed(0)
w_group_size = 128
layer = Qwen2DecoderLayer()
with torch.no_grad():
    # as in the released checkpoint: some 128-wide groups of gate_proj weights are exactly zero
    layer.mlp.gate_proj.weight[3, 0:128] = 0.0
    layer.mlp.gate_proj.weight[10, 128:256] = 0.0

layers = {'model.layers.2': layer}
# calibration statistics: per-channel absmax of the inputs of each linear layer
a_scales = {
    'model.layers.2.self_attn.k_proj': torch.rand(256) + 0.1,
    'model.layers.2.mlp.gate_proj': torch.rand(256) + 0.1,
}
smooth_layers(layers, NORM_FCS_MAP['Qwen2DecoderLayer'], a_scales, group_size=w_group_size)
ln_weight = layer.post_attention_layernorm.weight.detach()
gate_weight = layer.mlp.gate_proj.weight.detach()
