import torch

from models import Darknet

torch.manual_seed(0)

model = Darknet(anchors=[(12, 16), (19, 36), (40, 28)], num_classes=2)
with torch.no_grad():
    model.head.bias[2] = 95.0
features = torch.randn(1, 8, 4, 4)
model.eval()
with torch.no_grad():
    pred_boxes, pred_conf = model(features)
