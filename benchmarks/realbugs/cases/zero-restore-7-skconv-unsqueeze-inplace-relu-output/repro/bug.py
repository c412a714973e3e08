# aupendu/zero-restore#7 (watermodel.py, underwater zero-shot restoration): SKConv.forward does
# `fea = conv(x).unsqueeze_(dim=1)`; for the first branch conv(x) is InConv's output, the result of
# nn.ReLU(inplace=False) that ReLU's backward saved, so the in-place unsqueeze_ bumps its version and
# loss.backward() raises "modified by an inplace operation" (switching ReLU to inplace=False does not help).
import torch
import torch.nn as nn


class InConv(nn.Module):
    def __init__(self, in_ch, out_ch):
        super(InConv, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 64, 7, stride = 4, padding=3,  bias=False, padding_mode='reflect'),
            nn.GroupNorm(num_channels=64, num_groups=8, affine=True),
            nn.ReLU(inplace=True)
        )
        self.convf = nn.Sequential(
            nn.Conv2d(64, 64, 3, padding=1, bias=False, padding_mode='reflect'),
            nn.GroupNorm(num_channels=64, num_groups=8, affine=True),
            nn.ReLU(inplace=False)
        )
    def forward(self, x):
        R = x[:, 0:1, :, :]
        G = x[:, 1:2, :, :]
        B = x[:, 2:3, :, :]
        xR = torch.unsqueeze(self.conv(R), 1)
        xG = torch.unsqueeze(self.conv(G), 1)
        xB = torch.unsqueeze(self.conv(B), 1)
        x = torch.cat([xR, xG, xB], 1)
        x, _ = torch.min(x, dim=1)
        return self.convf(x)


torch.manual_seed(1)
M = 3
in_conv = InConv(in_ch=1, out_ch=64)
convs = nn.ModuleList([])
for i in range(M):
    if i==0:
        convs.append(in_conv)
    else:
        convs.append(nn.Sequential(
            nn.Upsample(scale_factor=1/(2**i), mode='bilinear', align_corners=True),
            in_conv,
            nn.Upsample(scale_factor=2**i, mode='bilinear', align_corners=True)
        ))

x = torch.rand(1, 3, 64, 64)
for i, conv in enumerate(convs):
    fea = conv(x).unsqueeze_(dim=1)
    if i == 0:
        feas = fea
    else:
        feas = torch.cat([feas, fea], dim=1)
fea_U = torch.sum(feas, dim=1)
loss = fea_U.mean()
loss.backward()
