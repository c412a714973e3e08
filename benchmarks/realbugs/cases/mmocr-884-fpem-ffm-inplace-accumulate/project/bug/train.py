import torch
import torch.nn.functional as F

from panet import PANet

torch.manual_seed(0)
model = PANet().train()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)

img = torch.randn(2, 3, 64, 64)
gt_text = (torch.rand(2, 1, 32, 32) > 0.7).float()
gt_kernel = (torch.rand(2, 1, 32, 32) > 0.8).float()

preds = model(img)
loss = F.binary_cross_entropy_with_logits(preds[:, :1], gt_text) + \
    F.binary_cross_entropy_with_logits(preds[:, 1:2], gt_kernel) + 0.25 * preds[:, 2:].pow(2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
