# amdegroot/ssd.pytorch#116: encode() takes the log of the matched box width / prior width; a ground-truth
# box that data augmentation cropped to zero width gives log(0) = -inf in the targets, and the loss is inf.
import torch
import torch.nn.functional as F


def encode(matched, priors, variances):
    g_cxcy = (matched[:, :2] + matched[:, 2:]) / 2 - priors[:, :2]
    g_cxcy /= (variances[0] * priors[:, 2:])
    g_wh = (matched[:, 2:] - matched[:, :2]) / priors[:, 2:]
    g_wh = torch.log(g_wh) / variances[1]
    return torch.cat([g_cxcy, g_wh], 1)


priors = torch.tensor([[0.25, 0.25, 0.3, 0.3], [0.875, 0.625, 0.3, 0.3]])
matched = torch.tensor([[0.10, 0.10, 0.45, 0.50],
                        [1.00, 0.40, 1.00, 0.80]])   # xmin == xmax after a random crop
loc_t = encode(matched, priors, (0.1, 0.2))
torch.manual_seed(0)
loc_p = torch.randn(2, 4, requires_grad=True)
loss_l = F.smooth_l1_loss(loc_p, loc_t, reduction="sum")
loss_l.backward()
