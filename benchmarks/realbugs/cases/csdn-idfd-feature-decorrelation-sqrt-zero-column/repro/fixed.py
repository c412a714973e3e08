# Fixed as the post suggests: a small term inside the square root.
# Feature decorrelation loss: each feature column of the batch is divided by its L2 norm over the batch;
# a column that is all zeros (a dead ReLU unit) gives 0 / sqrt(0) = nan, and the cross entropy is nan.
import torch
import torch.nn.functional as F

torch.manual_seed(0)

tau2 = 2.0
ff = torch.relu(torch.randn(16, 8))
ff[:, 5] = 0.0  # a dead unit
ff.requires_grad_()
y = torch.arange(8)

norm_ff = ff / ((ff ** 2).sum(0, keepdim=True) + 1e-8).sqrt()
coef_mat = torch.mm(norm_ff.t(), norm_ff)
coef_mat.div_(tau2)
L_fd = F.cross_entropy(coef_mat, y)
L_fd.backward()
