import torch
import torch.nn.functional as F

from model import ViTVQTwoHead

torch.manual_seed(0)
model = ViTVQTwoHead()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
images = torch.rand(2, 3, 16, 16)
depths = torch.rand(2, 1, 16, 16)
for step in range(2):
    rec_rgb, rec_depth, emb_loss = model(images)
    loss = F.l1_loss(rec_rgb, images) + F.l1_loss(rec_depth, depths) + emb_loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
