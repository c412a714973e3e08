import torch

from modules.RFRNet import RFRNet

torch.manual_seed(0)
model = RFRNet().half()   # fp16 training, as with apex O2
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

gt_image = torch.rand(2, 3, 16, 16).half()
mask = torch.ones(2, 1, 16, 16).half()
mask[:, :, 4:12, 4:12] = 0     # a hole wider than the 3x3 kernel
masked_image = gt_image * mask

fake = model(masked_image, mask)
loss = torch.mean(torch.abs(fake.float() - gt_image.float()))
optimizer.zero_grad()
loss.backward()
optimizer.step()
