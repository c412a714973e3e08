import torch

torch.manual_seed(0)
EPS = 1e-8
raw = torch.randn(2, 1, 4410)
est = torch.randn(2, 1, 4410)
gt = torch.randn(2, 1, 4410)
raw[0] = 0.0
est[0] = 0.0
gt[0] = 0.0

input_rms = raw.pow(2).mean(-1, keepdim=True).sqrt()
input_rms = torch.where(input_rms == 0, torch.full_like(input_rms, EPS), input_rms)
scaling_factor = 1 / input_rms
diff = (est - gt) * scaling_factor
loss = torch.log(diff.pow(2).mean() + EPS)
print(loss)
