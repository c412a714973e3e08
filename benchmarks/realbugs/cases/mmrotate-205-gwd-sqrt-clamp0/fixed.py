# open-mmlab/mmrotate#205 fixed (PR #206): clamp(1e-7) instead of clamp(0) before sqrt.
import torch

torch.manual_seed(0)


def xy_wh_r_2_xy_sigma(xywhr):
    _shape = xywhr.shape
    xy = xywhr[..., :2]
    wh = xywhr[..., 2:4].clamp(min=1e-7, max=1e7).reshape(-1, 2)
    r = xywhr[..., 4]
    cos_r, sin_r = torch.cos(r), torch.sin(r)
    R = torch.stack((cos_r, -sin_r, sin_r, cos_r), dim=-1).reshape(-1, 2, 2)
    S = 0.5 * torch.diag_embed(wh)
    sigma = R.bmm(S.square()).bmm(R.permute(0, 2, 1)).reshape(_shape[:-1] + (2, 2))
    return xy, sigma


def gwd_loss(pred, target, tau=1.0, alpha=1.0):
    xy_p, Sigma_p = pred
    xy_t, Sigma_t = target
    xy_distance = (xy_p - xy_t).square().sum(dim=-1)
    whr_distance = Sigma_p.diagonal(dim1=-2, dim2=-1).sum(dim=-1)
    whr_distance = whr_distance + Sigma_t.diagonal(dim1=-2, dim2=-1).sum(dim=-1)
    _t_tr = (Sigma_p.bmm(Sigma_t)).diagonal(dim1=-2, dim2=-1).sum(dim=-1)
    _t_det_sqrt = (Sigma_p.det() * Sigma_t.det()).clamp(1e-7).sqrt()
    whr_distance = whr_distance + (-2) * ((_t_tr + 2 * _t_det_sqrt).clamp(1e-7).sqrt())
    distance = (xy_distance + alpha * alpha * whr_distance).clamp(1e-7).sqrt()
    scale = 2 * (_t_det_sqrt.sqrt().sqrt()).clamp(1e-7)
    distance = distance / scale
    distance = torch.log1p(distance)
    return 1 - 1 / (tau + distance)


target = torch.tensor([[10.0, 20.0, 8.0, 4.0, 0.3], [5.0, 5.0, 6.0, 3.0, -0.2]])
pred = target.clone().requires_grad_()  # predicted boxes that coincide with their ground truth
loss = gwd_loss(xy_wh_r_2_xy_sigma(pred), xy_wh_r_2_xy_sigma(target)).mean()
loss.backward()
grad = pred.grad
