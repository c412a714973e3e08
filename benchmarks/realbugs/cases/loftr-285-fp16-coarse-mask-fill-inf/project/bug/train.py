import torch

from src.loftr import LoFTR

torch.manual_seed(0)
config = {
    'd_model': 64,
    'match_coarse': {'thr': 0.2, 'match_type': 'dual_softmax', 'dsmax_temperature': 0.1},
}
matcher = LoFTR(config).half()
optimizer = torch.optim.SGD(matcher.parameters(), lr=1e-3)

# a MegaDepth-style pair padded to 64x64 (16x16 coarse cells, 8x8 of them valid)
image0 = torch.zeros(1, 1, 64, 64)
image1 = torch.zeros(1, 1, 64, 64)
image0[..., :32, :32] = torch.rand(1, 1, 32, 32)
image1[..., :32, :32] = torch.rand(1, 1, 32, 32)
mask0 = torch.zeros(1, 8, 8, dtype=torch.bool)
mask0[:, :4, :4] = True
mask1 = mask0.clone()
data = {'image0': image0.half(), 'image1': image1.half(), 'mask0': mask0, 'mask1': mask1}

optimizer.zero_grad()
matcher(data)
conf_matrix = data['conf_matrix']
conf_gt = torch.eye(conf_matrix.shape[1]).unsqueeze(0).bool()
pos_conf = conf_matrix.float()[conf_gt & mask0.flatten(1)[..., None]].clamp(1e-6, 1 - 1e-6)
loss = -(torch.pow(1 - pos_conf, 2) * pos_conf.log()).mean()
loss.backward()
optimizer.step()
