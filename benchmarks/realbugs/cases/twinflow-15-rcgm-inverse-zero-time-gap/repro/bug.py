# https://github.com/inclusionAI/TwinFlow/issues/15 -- get_rcgm_target weights the multi-step estimate by cof_r = 1 / (t - tt); in bf16 the target time tt = t - rand * t * 0.05 often rounds to t itself, 1 / 0 = inf, and the estimate there is exactly 0 (its integral runs from tt to tt), so 0 * inf = NaN enters the training target.
import torch
import torch.nn as nn

torch.manual_seed(0)
dtype = torch.bfloat16
net = nn.Linear(18, 16).to(dtype)
x = torch.randn(4, 16, dtype=dtype)
z = torch.randn_like(x)
t = torch.tensor([[0.75], [0.5], [0.3], [0.9]], dtype=dtype)
tt = t - torch.tensor([[0.001], [0.5], [0.2], [0.7]], dtype=dtype) * t * 0.05   # 0.75 - 3.75e-5 rounds to 0.75 in bf16
x_t = z * t + x * (1 - t)
target = z - x
F_th_t = net(torch.cat([x_t, t, tt], dim=1))

with torch.no_grad():
    t_m = (t - 0.01).clamp_min(tt)
    Ft_tar = net(torch.cat([x_t - target * 0.01, t_m, tt], dim=1)) * (t_m - tt)   # one step from t_m to tt
    mask = t < (tt + 0.01)
    cof_l = torch.where(mask, torch.ones_like(t), 100 * (t - tt))
    cof_r = torch.where(mask, 1 / (t - tt), torch.ones_like(t) * 100)
    Ft_tar = (F_th_t * cof_l - Ft_tar * cof_r) - target
    rcgm_target = F_th_t.data - (Ft_tar).clamp(min=-1.0, max=1.0)

loss = ((F_th_t.float() - rcgm_target.float()) ** 2).mean()
loss.backward()
