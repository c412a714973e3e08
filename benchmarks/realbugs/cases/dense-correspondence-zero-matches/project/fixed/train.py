import torch

from correspondence_finder import sample_matches
from pixelwise_contrastive_loss import PixelwiseContrastiveLoss

torch.manual_seed(0)
W, H, D = 8, 8, 3
net = torch.nn.Conv2d(3, D, 3, padding=1)
pcl = PixelwiseContrastiveLoss((W, H))
opt = torch.optim.Adam(net.parameters(), lr=1e-4)
masks = [torch.rand(H, W) > 0.5, torch.zeros(H, W, dtype=torch.bool)]
for mask in masks:
    img_a, img_b = torch.rand(1, 3, H, W), torch.rand(1, 3, H, W)
    pred_a = net(img_a).flatten(2).transpose(1, 2)
    pred_b = net(img_b).flatten(2).transpose(1, 2)
    matches_a, matches_b = sample_matches(mask, 16)
    loss, _, _ = pcl.match_loss(pred_a, pred_b, matches_a, matches_b)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(loss.item())
