import torch
import torch.nn as nn

from utils.loss import ComputeLoss_NEW

torch.manual_seed(0)

hyp = {'box': 0.05, 'obj': 0.7, 'cls': 0.3, 'cls_pw': 1.0, 'obj_pw': 1.0, 'anchor_t': 4.0}
nc = 3
anchors = [torch.tensor([1.25, 1.625]), torch.tensor([2.0, 3.75])]  # P3, P4 anchors in grid units


class TinyDetect(nn.Module):
    def __init__(self, ch=8, nc=3):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 3, 2, 1)
        self.p3 = nn.Conv2d(ch, 5 + nc, 1)
        self.down = nn.Conv2d(ch, ch, 3, 2, 1)
        self.p4 = nn.Conv2d(ch, 5 + nc, 1)

    def forward(self, x):
        x = self.stem(x)
        return [self.p3(x), self.p4(self.down(x))]


model = TinyDetect(nc=nc)
compute_loss = ComputeLoss_NEW(anchors, nc, hyp)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.937)

imgs = torch.rand(2, 3, 32, 32)
# labels (image, class, x, y, w, h), normalized: the batch only holds a thin, tall object (a pole)
targets = torch.tensor([[0, 1, 0.50, 0.50, 0.01, 0.90]])

pred = model(imgs)
loss, loss_items = compute_loss(pred, targets)
optimizer.zero_grad()
loss.backward()
optimizer.step()
