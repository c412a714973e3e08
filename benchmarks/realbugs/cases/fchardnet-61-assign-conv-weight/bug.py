# PingoLH/FCHarDNet#61: `cconv.weight[:,:,:,:] = W[:,:,:,:]` raises the view-of-leaf in-place error.
import torch
import torch.nn as nn

torch.manual_seed(0)
conv1 = nn.Conv2d(4, 8, 3, padding=1, bias=False)
conv2 = nn.Conv2d(4, 8, 1, bias=False)

# merge the 1x1 branch into the 3x3 kernel (re-parameterisation for test time)
W = conv1.weight.clone()
W[:, :, 1:2, 1:2] = W[:, :, 1:2, 1:2] + conv2.weight
cconv = nn.Conv2d(4, 8, 3, padding=1, bias=False)
cconv.weight[:, :, :, :] = W[:, :, :, :]

x = torch.randn(1, 4, 6, 6)
out = cconv(x)
