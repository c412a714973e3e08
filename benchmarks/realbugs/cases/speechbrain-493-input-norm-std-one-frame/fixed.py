import torch

torch.manual_seed(0)
eps = 1e-10
feats = torch.randn(2, 6, 4) * 10 - 100
lengths = torch.tensor([1.0, 1.0 / 6])
out = torch.empty_like(feats)
for snt_id in range(feats.shape[0]):
    actual_size = int(torch.round(lengths[snt_id] * feats.shape[1]))
    current_mean = torch.mean(feats[snt_id, 0:actual_size], dim=0)
    current_std = torch.std(feats[snt_id, 0:actual_size], dim=0, unbiased=False)
    current_std = torch.max(current_std, eps * torch.ones_like(current_std))
    out[snt_id] = (feats[snt_id] - current_mean) / current_std
linear = torch.nn.Linear(4, 3)
loss = linear(out).pow(2).mean()
print(loss)
