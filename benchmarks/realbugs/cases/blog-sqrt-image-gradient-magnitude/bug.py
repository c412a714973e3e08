# openillumi blog (PowBackward0 returned nan on CPU): grad_mag = sqrt(grad_x2 + grad_y2) is NaN-backward on flat regions.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


class EdgeLoss:
    def __init__(self, image):
        kx = torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]).view(1, 1, 3, 3)
        self.grad_x = F.conv2d(image, kx, padding=1)
        self.grad_y = F.conv2d(image, kx.transpose(2, 3), padding=1)
        self.grad_x2 = self.grad_x ** 2
        self.grad_y2 = self.grad_y ** 2
        self.grad_mag = torch.sqrt(self.grad_x2 + self.grad_y2)


target_edges = torch.rand(1, 1, 16, 16)
image = torch.rand(1, 1, 16, 16)
image[..., 4:12, 4:12] = 0.5  # a flat patch: both Sobel responses are exactly 0 inside it
image.requires_grad_()
optimizer = torch.optim.LBFGS([image], max_iter=5)


def closure():
    optimizer.zero_grad()
    loss = F.mse_loss(EdgeLoss(image).grad_mag, target_edges)
    loss.backward()
    return loss


optimizer.step(closure)
grad = image.grad
