import torch

from model.rf_des import HardNetNeiMask

torch.manual_seed(0)
des = HardNetNeiMask()
optimizer = torch.optim.Adam(des.parameters(), lr=1e-4)
# a training pair related by an identity homography: the positive patches are the anchor's pixels
im1_patches = torch.rand(16, 1, 32, 32)
im2_patches = im1_patches.clone()

for step in range(2):
    anchor = des(im1_patches)
    positive = des(im2_patches)
    des_loss = des.loss(anchor, positive)
    optimizer.zero_grad()
    des_loss.backward()
    optimizer.step()
    print(step, des_loss.item())
