# Fixed as in the pull request: out-of-place addition.
# fepegar/unet, DecodingBlock with residual=True: the second ConvolutionalBlock ends with a ReLU,
# whose output ReluBackward0 saves; the residual is then added in place into that very tensor.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def conv_block(in_channels, out_channels, kernel_size=3, activation=True):
    layers = [nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)]
    if activation:
        layers += [nn.BatchNorm2d(out_channels), nn.ReLU()]
    return nn.Sequential(*layers)


upsample = nn.ConvTranspose2d(16, 16, kernel_size=2, stride=2)
conv1 = conv_block(24, 8)
conv2 = conv_block(8, 8)
conv_residual = conv_block(24, 8, kernel_size=1, activation=False)
classifier = nn.Conv2d(8, 2, kernel_size=1)

skip_connection = torch.randn(2, 8, 16, 16)
bottom = torch.randn(2, 16, 8, 8, requires_grad=True)
target = torch.randint(0, 2, (2, 16, 16))

x = torch.cat((skip_connection, upsample(bottom)), dim=1)
connection = conv_residual(x)
x = conv1(x)
x = conv2(x)
x = x + connection
loss = F.cross_entropy(classifier(x), target)
loss.backward()
