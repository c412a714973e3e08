import torch

from utils.loss import ComputeLoss

torch.manual_seed(0)

anchors = torch.tensor([[1.25, 1.625]])
compute_loss = ComputeLoss(anchors)
pi = torch.randn(3, 4)
pi[1, 3] = -120.0
pi.requires_grad_()
tbox = torch.tensor([[0.4, 0.6, 1.0, 1.5], [0.5, 0.5, 2.0, 1.0], [0.3, 0.2, 0.8, 0.9]])
lbox = compute_loss(pi, tbox)
lbox.backward()
grad = pi.grad
