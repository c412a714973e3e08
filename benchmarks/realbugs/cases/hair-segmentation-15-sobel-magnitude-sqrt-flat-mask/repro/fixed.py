"""pytorch-hair-segmentation: mask-image gradient consistency loss with the Sobel magnitude sqrt(G_x^2 + G_y^2).

Source: https://github.com/YBIGTA/pytorch-hair-segmentation/issues/15
Fix (suggested in issue #33 of the same repository): add a small constant inside the square root and to the denominator.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MobileHairNet(nn.Module):
    def __init__(self, channels=8):
        super(MobileHairNet, self).__init__()
        self.encode = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, padding=1, groups=channels), nn.ReLU(),
            nn.Conv2d(channels, channels, 1), nn.ReLU())
        self.decode = nn.Conv2d(channels, 1, 3, padding=1)

    def forward(self, x):
        return self.decode(self.encode(x))


class HairMattingLoss(nn.modules.loss._Loss):
    def __init__(self, ratio_of_Gradient=0.5, ):
        super(HairMattingLoss, self).__init__()
        self.ratio_of_gradient = ratio_of_Gradient

    def forward(self, pred, true, image):
        sobel_kernel_x = torch.Tensor([[1, 0, -1],
                [2, 0, -2],
                [1, 0, -1]])
        sobel_kernel_x = sobel_kernel_x.view((1,1,3,3))

        I_x = F.conv2d(image, sobel_kernel_x)
        G_x = F.conv2d(pred, sobel_kernel_x)

        sobel_kernel_y = torch.Tensor([[1, 2, 1],
                        [0, 0, 0],
                        [-1, -2, -1]])
        sobel_kernel_y = sobel_kernel_y.view((1,1,3,3))

        I_y = F.conv2d(image, sobel_kernel_y)
        G_y = F.conv2d(pred, sobel_kernel_y)

        G = torch.sqrt(torch.pow(G_x,2)+ torch.pow(G_y,2) + 1e-6)

        loss2 = torch.sum(torch.mul(G, 1 - torch.pow(I_x*G_x + I_y*G_y,2)))/(torch.sum(G) + 1e-6)

        return F.binary_cross_entropy_with_logits(pred, true) + self.ratio_of_gradient * loss2


def make_figaro_sample(size=32):
    """A portrait crop: hair region on a flat black studio background."""
    image = torch.zeros(1, 3, size, size)
    mask = torch.zeros(1, 1, size, size)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing='ij')
    hair = ((yy - size // 3) ** 2 + (xx - size // 3) ** 2) < (size // 4) ** 2
    image[:, :, hair] = torch.rand(3, int(hair.sum()))
    mask[:, :, hair] = 1.0
    gray = image.mean(dim=1, keepdim=True)
    return image, gray, mask

torch.manual_seed(0)
model = MobileHairNet()
criterion = HairMattingLoss(ratio_of_Gradient=0.5)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

image, gray, mask = make_figaro_sample(32)
optimizer.zero_grad()
pred = model(image)
loss = criterion(pred, mask, gray)
loss.backward()
optimizer.step()
