import torch

from fcos_core.embed_mask_head import EmbedMaskHead
from fcos_core.lovasz_hinge_loss import LovaszHinge

torch.manual_seed(0)

head = EmbedMaskHead()
loss_fn = LovaszHinge(reduction="mean")
optimizer = torch.optim.SGD(head.parameters(), lr=0.01)

images = torch.randn(2, 3, 6, 6)
gt_masks = torch.zeros(2, 6, 6)
gt_masks[:, 1:4, 1:4] = 1
centers_yx = [(2, 2), (3, 1)]  # each proposal's embedding is read at a pixel of its instance

optimizer.zero_grad()
mask_probs = head(images, centers_yx)
loss = loss_fn(mask_probs, gt_masks, act=True)
loss.backward()
optimizer.step()
