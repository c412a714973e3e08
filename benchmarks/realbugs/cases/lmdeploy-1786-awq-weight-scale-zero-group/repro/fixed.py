# fixed as lmdeploy did after #1786 (the clamp_zeros option): clamp the group absmax and w_scales ** (1 - alpha)
# away from zero.
# InternLM/lmdeploy#1786: AWQ smoothing of Qwen2-72B: get_weight_scale divides |w| by the absmax of its
# 128-wide group; a group of all-zero weights gives 0 / 0 = NaN, which flows into the smoothing scales and then
# into the layernorm and linear weights (the reporter hit `assert torch.isnan(p).sum() == 0`).
import torch

torch.manual_seed(0)
hidden, inter, group_size, alpha = 256, 64, 128, 0.5
ln_weight = torch.ones(hidden)
gate_w = torch.randn(inter, hidden)
up_w = torch.randn(inter, hidden)
gate_w[3, 0:128] = 0.0  # an all-zero group
act_scales = torch.rand(hidden) + 0.1

concat_w = torch.cat([gate_w, up_w], dim=0)
weight = concat_w.view(-1, group_size)
scale = weight.abs() / weight.abs().amax(dim=1, keepdim=True).clamp(min=1e-4)
w_scales = scale.view(concat_w.shape).mean(0)

scales = (act_scales.pow(alpha) / w_scales.pow(1 - alpha).clamp(min=1e-4)).clamp(min=1e-4)
scales = scales / (scales.max() * scales.min()).sqrt()
ln_weight.div_(scales)
gate_w.mul_(scales.view(1, -1))
up_w.mul_(scales.view(1, -1))
