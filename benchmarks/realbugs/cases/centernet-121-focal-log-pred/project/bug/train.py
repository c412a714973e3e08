import torch

from losses import FocalLoss
from model import CenterHead
from utils import _sigmoid

torch.manual_seed(2)


class CtdetLoss(torch.nn.Module):
    def __init__(self):
        super(CtdetLoss, self).__init__()
        self.crit = FocalLoss()

    def forward(self, output, batch):
        output["hm"] = _sigmoid(output["hm"])
        return self.crit(output["hm"], batch["hm"])


model = CenterHead(4, 2)
feat = torch.randn(1, 4, 8, 8) * 30
gt = torch.zeros(1, 2, 8, 8)
gt[0, 0, 2:5, 2:5] = 0.5
gt[0, 0, 3, 3] = 1.0
gt[0, 1, 5, 2] = 1.0
batch = {"hm": gt}
criterion = CtdetLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
optimizer.zero_grad()
loss = criterion(model(feat), batch)
loss.backward()
optimizer.step()
