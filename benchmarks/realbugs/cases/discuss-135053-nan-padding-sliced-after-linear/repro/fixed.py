# FIXED (standard fix, as the answer explains: keep the unused NaN rows out of the layer -- slice before it)
# https://discuss.pytorch.org/t/gradients-contaminated-by-unused-inputs/135053 -- rows filled with NaN
# go through an nn.Linear and are sliced away before the loss; the loss is finite, but the weight's
# gradient is x^T @ g, and the sliced-away rows contribute NaN * 0 = NaN to it.
import torch

torch.manual_seed(137)
L = torch.nn.Linear(8, 1)
x = torch.cat((torch.rand((4, 8)), torch.full((4, 8), float('nan'))), dim=0)
out = L(x[:4]).sum()
out.backward()
