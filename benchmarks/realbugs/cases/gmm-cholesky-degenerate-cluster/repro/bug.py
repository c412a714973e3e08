import torch

torch.manual_seed(0)
x = torch.randn(20, 3)
x[10:] = x[10]
resp = torch.zeros(20)
resp[10:] = 1.0

mu = (resp[:, None] * x).sum(0) / resp.sum()
diff = x - mu
var = (resp[:, None, None] * diff[:, :, None] * diff[:, None, :]).sum(0) / resp.sum()
log_det = 2 * torch.log(torch.diagonal(torch.linalg.cholesky(var))).sum()
