# Fixed: the loss is computed in float32.
# NLLLoss with reduction='mean' on float16 input: the sum over 32*128*128 pixels and the count of
# pixels both exceed float16's range (65504), so the mean is inf/inf = nan, while the mean of the
# per-pixel losses (reduction='none') is finite.
import torch
import torch.nn as nn

torch.manual_seed(0)

input = torch.rand(32, 11, 128, 128).half()
target = torch.LongTensor(32, 128, 128).random_(0, 10)
loss1 = nn.NLLLoss(reduction='none')
loss2 = nn.NLLLoss(reduction='mean')
per_pixel_mean = torch.mean(loss1(input, target).float())
loss = loss2(input.float(), target)
