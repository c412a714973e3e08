import torch
import torch.nn.functional as F

from MVANet import MVANet

torch.manual_seed(0)
generator = MVANet()
optimizer = torch.optim.Adam(generator.parameters(), lr=1e-5)
images = torch.randn(2, 3, 16, 16)
gts = (torch.rand(2, 1, 16, 16) > 0.5).float()
generator.train()
for step in range(2):
    sal = generator(images)
    loss = F.binary_cross_entropy_with_logits(sal, gts)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
