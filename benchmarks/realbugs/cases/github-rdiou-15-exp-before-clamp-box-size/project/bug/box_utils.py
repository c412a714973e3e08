import torch


def get_rdiou(bboxes1, bboxes2):
    x1u, y1u, z1u = bboxes1[..., 0], bboxes1[..., 1], bboxes1[..., 2]
    l1, w1, h1 = torch.exp(bboxes1[..., 3]), torch.exp(bboxes1[..., 4]), torch.exp(bboxes1[..., 5])
    t1 = torch.sin(bboxes1[..., 6]) * torch.cos(bboxes2[..., 6])
    x2u, y2u, z2u = bboxes2[..., 0], bboxes2[..., 1], bboxes2[..., 2]
    l2, w2, h2 = torch.exp(bboxes2[..., 3]), torch.exp(bboxes2[..., 4]), torch.exp(bboxes2[..., 5])
    t2 = torch.cos(bboxes1[..., 6]) * torch.sin(bboxes2[..., 6])
    x1, y1, z1, x2, y2, z2 = x1u, y1u * 2, z1u * 2, x2u, y2u * 2, z2u * 2
    # clamp is necessray to aviod inf.
    l1, w1, h1 = torch.clamp(l1, max=10), torch.clamp(w1, max=10), torch.clamp(h1, max=10)
    j1, j2 = torch.ones_like(h2), torch.ones_like(h2)
    volume_1, volume_2 = l1 * w1 * h1 * j1, l2 * w2 * h2 * j2
    inter_l, inter_r = torch.max(x1 - l1 / 2, x2 - l2 / 2), torch.min(x1 + l1 / 2, x2 + l2 / 2)
    inter_t, inter_b = torch.max(y1 - w1 / 2, y2 - w2 / 2), torch.min(y1 + w1 / 2, y2 + w2 / 2)
    inter_u, inter_d = torch.max(z1 - h1 / 2, z2 - h2 / 2), torch.min(z1 + h1 / 2, z2 + h2 / 2)
    inter_m, inter_n = torch.max(t1 - j1 / 2, t2 - j2 / 2), torch.min(t1 + j1 / 2, t2 + j2 / 2)
    inter_volume = torch.clamp(inter_r - inter_l, min=0) * torch.clamp(inter_b - inter_t, min=0) \
        * torch.clamp(inter_d - inter_u, min=0) * torch.clamp(inter_n - inter_m, min=0)
    c_l, c_r = torch.min(x1 - l1 / 2, x2 - l2 / 2), torch.max(x1 + l1 / 2, x2 + l2 / 2)
    c_t, c_b = torch.min(y1 - w1 / 2, y2 - w2 / 2), torch.max(y1 + w1 / 2, y2 + w2 / 2)
    c_u, c_d = torch.min(z1 - h1 / 2, z2 - h2 / 2), torch.max(z1 + h1 / 2, z2 + h2 / 2)
    c_m, c_n = torch.min(t1 - j1 / 2, t2 - j2 / 2), torch.max(t1 + j1 / 2, t2 + j2 / 2)
    inter_diag = (x2 - x1) ** 2 + (y2 - y1) ** 2 + (z2 - z1) ** 2 + (t2 - t1) ** 2
    c_diag = torch.clamp(c_r - c_l, min=0) ** 2 + torch.clamp(c_b - c_t, min=0) ** 2 \
        + torch.clamp(c_d - c_u, min=0) ** 2 + torch.clamp(c_n - c_m, min=0) ** 2
    union = volume_1 + volume_2 - inter_volume
    return inter_diag / c_diag, inter_volume / union
