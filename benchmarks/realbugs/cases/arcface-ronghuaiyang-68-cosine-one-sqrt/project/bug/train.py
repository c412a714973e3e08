import torch
import torch.nn as nn

from models.backbone import FaceEmbedder
from models.metrics import ArcMarginProduct

torch.manual_seed(0)
num_classes = 4
model = FaceEmbedder()
metric_fc = ArcMarginProduct(16, num_classes, s=30, m=0.5)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD([{'params': model.parameters()}, {'params': metric_fc.parameters()}], lr=0.1)
data_input = torch.randn(8, 32)
label = torch.tensor([0, 1, 2, 3, 0, 1, 2, 3])
# new identities are added by imprinting: each class weight is set to the embedding of one enrolment image
with torch.no_grad():
    metric_fc.weight.copy_(model(data_input[:num_classes]))

for i in range(2):
    feature = model(data_input)
    output = metric_fc(feature, label)
    loss = criterion(output, label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(i, loss.item())
weight = metric_fc.weight
