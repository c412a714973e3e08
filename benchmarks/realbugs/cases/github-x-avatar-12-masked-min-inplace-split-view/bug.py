# X-Avatar issue #12: masked_softmax(mode='min') writes `vec[~mask.bool()] = 1` into the occupancy it
# receives; that tensor is a reshape of one output of torch.split (a multi-view op), so autograd
# refuses the in-place write: "... is a view and is being modified inplace".
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def masked_softmax(vec, mask, dim=-1, mode='softmax'):
    if mode == 'max':
        vec[~mask.bool()] = -100
        value, index = torch.max(vec, dim, keepdim=True)
    elif mode == 'min':
        vec[~mask.bool()] = 1
        value, index = torch.min(vec, dim, keepdim=True)
    else:
        raise NotImplementedError
    return value, index


n_batch, n_point, n_init = 2, 64, 3
implicit_net = nn.Sequential(nn.Linear(3, 32), nn.Softplus(beta=100), nn.Linear(32, 1 + 3))
optimizer = torch.optim.Adam(implicit_net.parameters(), lr=1e-3)
xc = torch.randn(n_batch * n_point * n_init, 3)  # canonical correspondences of each deformed point
others_mask = torch.rand(n_batch, n_point, n_init) > 0.3  # valid (converged) correspondences
out = implicit_net(xc)
shape_pd, color = torch.split(out, [1, 3], dim=-1)
shape_pd = shape_pd.reshape(n_batch, n_point, n_init)
shape_pd, index = masked_softmax(shape_pd, others_mask, dim=-1, mode='min')
sdf_gt = torch.randn(n_batch, n_point, 1) * 0.1
loss = F.l1_loss(shape_pd, sdf_gt)
optimizer.zero_grad()
loss.backward()
optimizer.step()
