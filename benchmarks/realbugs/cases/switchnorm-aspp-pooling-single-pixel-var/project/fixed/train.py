import torch
import torch.nn as nn
import torch.nn.functional as F
from aspp import SN_ASPPModule

torch.manual_seed(0)
backbone = nn.Sequential(nn.Conv2d(3, 16, 3, stride=4, padding=1), nn.ReLU())
aspp = SN_ASPPModule(16)
classifier = nn.Conv2d(8, 5, 1)
params = list(backbone.parameters()) + list(aspp.parameters()) + list(classifier.parameters())
optimizer = torch.optim.SGD(params, lr=0.01, momentum=0.9)

images = torch.randn(2, 3, 32, 32)
labels = torch.randint(0, 5, (2, 32, 32))

optimizer.zero_grad()
out = aspp(backbone(images))
logits = F.interpolate(classifier(out), size=(32, 32), mode="bilinear", align_corners=True)
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
print("loss", loss.item())
