# CannyEdgePytorch used as a differentiable edge loss: the per-channel gradient
# magnitudes are accumulated in place into the output of torch.sqrt, which
# sqrt saved for its backward, so loss.backward() fails.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
g = torch.tensor([0.0545, 0.2442, 0.4026, 0.2442, 0.0545])
gauss_h = g.view(1, 1, 1, 5)
gauss_v = g.view(1, 1, 5, 1)
sobel = torch.tensor([[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]])
sobel_h = sobel.view(1, 1, 3, 3)
sobel_v = sobel.t().reshape(1, 1, 3, 3)

generator = torch.nn.Conv2d(3, 3, 3, padding=1)
noise = torch.rand(2, 3, 32, 32)
target = torch.rand(2, 3, 32, 32)


def blur(x):
    return F.conv2d(F.conv2d(x, gauss_h, padding=(0, 2)), gauss_v, padding=(2, 0))


pred = torch.sigmoid(generator(noise))
img_r, img_g, img_b = torch.split(pred, 1, dim=1)
br, bg, bb = blur(img_r), blur(img_g), blur(img_b)
gx_r, gy_r = F.conv2d(br, sobel_h, padding=1), F.conv2d(br, sobel_v, padding=1)
gx_g, gy_g = F.conv2d(bg, sobel_h, padding=1), F.conv2d(bg, sobel_v, padding=1)
gx_b, gy_b = F.conv2d(bb, sobel_h, padding=1), F.conv2d(bb, sobel_v, padding=1)

grad_mag = torch.sqrt(gx_r ** 2 + gy_r ** 2)
grad_mag += torch.sqrt(gx_g ** 2 + gy_g ** 2)
grad_mag += torch.sqrt(gx_b ** 2 + gy_b ** 2)

with torch.no_grad():
    tr, tg, tb = [blur(c) for c in torch.split(target, 1, dim=1)]
    target_mag = sum(torch.sqrt(F.conv2d(c, sobel_h, padding=1) ** 2 + F.conv2d(c, sobel_v, padding=1) ** 2)
                     for c in (tr, tg, tb))

loss = F.l1_loss(grad_mag, target_mag)
loss.backward()
print(loss.item())
