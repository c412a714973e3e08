# https://github.com/NVIDIA-Genomics-Research/AtacWorks/pull/104 -- fixed as in the PR: an epsilon (1e-7) added to the denominator.
import torch

torch.manual_seed(0)
model = torch.nn.Conv1d(1, 1, kernel_size=5, padding=2)
noisy = torch.rand(3, 1, 50)
clean = torch.rand(3, 50) * 4
clean[1] = 0.0                                       # a window without any ATAC-seq coverage

pred = model(noisy).squeeze(1)
xm = pred - pred.mean(dim=1, keepdim=True)
ym = clean - clean.mean(dim=1, keepdim=True)
r = torch.sum(xm * ym, dim=1) / (torch.sqrt(torch.sum(xm ** 2, dim=1)) * torch.sqrt(torch.sum(ym ** 2, dim=1)) + 1e-7)
loss = 1 - r.mean()
loss.backward()
