# jingyuanli001/RFR-Inpainting#8: training in fp16, PartialConv2d's mask ratio divides by update_mask + 1e-8;
# 1e-8 is below fp16's smallest subnormal and rounds to 0, so inside a hole the ratio is 9 / 0 = inf and
# inf * update_mask (0) is NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
weight_maskUpdater = torch.ones(1, 1, 3, 3).half()
slide_winsize = 9
mask = torch.ones(1, 1, 8, 8).half()
mask[:, :, 2:7, 2:7] = 0          # a hole larger than the kernel
weight = (torch.randn(4, 1, 3, 3) * 0.1).half().requires_grad_()
input = torch.randn(1, 1, 8, 8).half()

with torch.no_grad():
    update_mask = F.conv2d(mask, weight_maskUpdater, bias=None, stride=1, padding=1)
    mask_ratio = slide_winsize / (update_mask + 1e-8)
    update_mask = torch.clamp(update_mask, 0, 1)
    mask_ratio = torch.mul(mask_ratio, update_mask)

raw_out = F.conv2d(torch.mul(input, mask), weight, padding=1)
output = torch.mul(raw_out, mask_ratio)
loss = output.float().pow(2).mean()
loss.backward()
grad = weight.grad
