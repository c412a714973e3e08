import torch

from model import MaskEstimator
from pmsqe import SingleSrcPMSQE

torch.manual_seed(0)
n_bins = 20
noisy = torch.rand(3, 12, n_bins)
noisy[:, :, 15:] = 0.0
clean = torch.rand(3, 12, n_bins) * 0.5
model = MaskEstimator(n_bins)
criterion = SingleSrcPMSQE(n_bins)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss = criterion(model(noisy), clean)
opt.zero_grad()
loss.backward()
print(loss.item())
