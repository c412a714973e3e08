import torch

from efficientdet.loss import FocalLoss
from efficientdet.model import Classifier

torch.manual_seed(0)
use_float16 = True
model = Classifier(in_channels=8, num_anchors=3, num_classes=4)
with torch.no_grad():
    model.header.bias.view(3, 4)[:, 0] = 14.0        # the head has become confident on class 0
if use_float16:
    model = model.half()
criterion = FocalLoss()
imgs = torch.randn(2, 8, 4, 4)
n_anchors = 4 * 4 * 3
targets = []
for _ in range(2):
    t = torch.zeros(n_anchors, 4)
    t[:, 0] = 1.0
    targets.append(t)

model.eval()
val_losses = []
with torch.no_grad():                                 # the validation pass that logs the focal loss
    x = imgs.half() if use_float16 else imgs
    classification = model(x)
    cls_loss = criterion(classification, targets).mean()
    val_losses.append(cls_loss.float())
val_loss = torch.stack(val_losses).mean()
print('val cls loss', val_loss.item())
