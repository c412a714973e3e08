import torch
import torch.nn as nn

from loss import Loss


class TinyDetect(nn.Module):
    def __init__(self, nc=3, grid=4):
        super().__init__()
        self.nc = nc
        self.backbone = nn.Conv2d(3, 8, 3, padding=1)
        self.cls = nn.Conv2d(8, nc, 1)
        self.box = nn.Conv2d(8, 4, 1)
        ys, xs = torch.meshgrid(torch.arange(grid) + 0.5, torch.arange(grid) + 0.5, indexing="ij")
        self.anchor_points = torch.stack((xs, ys), -1).view(-1, 2)

    def forward(self, x):
        f = torch.relu(self.backbone(x))
        scores = self.cls(f).flatten(2).permute(0, 2, 1)
        boxes = self.box(f).flatten(2).permute(0, 2, 1)
        return scores, boxes, self.anchor_points


torch.manual_seed(0)
model = TinyDetect()
criterion = Loss(model, {"box": 7.5, "cls": 0.5})
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

# a batch of background images only (empty label files): no ground-truth boxes at all
imgs = torch.randn(2, 3, 4, 4)
batch = {"cls": torch.zeros(2, 0, 1), "bboxes": torch.zeros(2, 0, 4)}

optimizer.zero_grad()
loss, loss_items = criterion(model(imgs), batch)
loss.backward()
optimizer.step()
print(loss_items)
