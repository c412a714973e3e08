import torch
import torch.nn as nn

from quantize.int_linear import QuantLinear

torch.manual_seed(0)
# a decoder MLP whose down_proj has a pruned (all-zero) output row
fp_block = nn.Sequential(nn.Linear(64, 128), nn.SiLU(), nn.Linear(128, 64))
with torch.no_grad():
    fp_block[2].weight[10].zero_()

weight_quant_params = {"n_bits": 4, "per_channel_axes": [0], "symmetric": False, "dynamic_method": "per_channel",
                       "group_size": None, "lwc": True}
act_quant_params = {"n_bits": 16, "per_channel_axes": [], "symmetric": False, "dynamic_method": "per_token"}
qlayer = nn.Sequential(QuantLinear(fp_block[0], weight_quant_params, act_quant_params), nn.SiLU(),
                       QuantLinear(fp_block[2], weight_quant_params, act_quant_params))
for m in qlayer:
    if isinstance(m, QuantLinear):
        m.set_quant_state(weight_quant=True, act_quant=False)

lwc_params = [p for n, p in qlayer.named_parameters() if "bound_factor" in n]
optimizer = torch.optim.AdamW(lwc_params, lr=5e-3, weight_decay=0)
inps = torch.randn(16, 64)
with torch.no_grad():
    fp_outs = fp_block(inps)

losses = []
for epoch in range(2):
    quant_out = qlayer(inps)
    loss = torch.nn.functional.mse_loss(quant_out, fp_outs)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.detach())
