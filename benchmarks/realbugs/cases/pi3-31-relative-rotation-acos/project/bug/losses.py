import torch


def relative_poses(R, t):
    # pose of frame j in the frame of i, for every pair (i, j) of the sequence
    R_rel = R.transpose(-1, -2)[:, :, None] @ R[:, None]
    t_rel = (R.transpose(-1, -2)[:, :, None] @ (t[:, None] - t[:, :, None])[..., None])[..., 0]
    return R_rel, t_rel


def rotation_angle(R_pred, R_gt):
    R_err = R_pred.transpose(-1, -2) @ R_gt
    cos = (R_err.diagonal(dim1=-2, dim2=-1).sum(-1) - 1) / 2
    return torch.acos(cos)


def camera_loss(pred_R, pred_t, gt_R, gt_t, trans_weight=1.0):
    rel_R_pred, rel_t_pred = relative_poses(pred_R, pred_t)
    rel_R_gt, rel_t_gt = relative_poses(gt_R, gt_t)
    rot_loss = rotation_angle(rel_R_pred, rel_R_gt).mean()
    trans_loss = torch.nn.functional.huber_loss(rel_t_pred, rel_t_gt)
    return rot_loss + trans_weight * trans_loss
