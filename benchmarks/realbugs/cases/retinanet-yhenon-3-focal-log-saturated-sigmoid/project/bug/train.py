import torch

from losses import FocalLoss
from model import ClassificationModel

torch.manual_seed(0)
model = ClassificationModel(num_features_in=8)
# after some iterations the head is overconfident on one anchor: its logit sits far in the sigmoid's tail
with torch.no_grad():
    model.output.bias[1] = 40.0
criterion = FocalLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-5)
features = torch.randn(2, 8, 4, 4)
annotations = torch.zeros(2, 4 * 4 * 3, 4)
annotations[:, 0, 1] = 1.0                 # the anchor is a positive of class 1

for step in range(2):
    classification = model(features)
    loss = criterion(classification, annotations).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
