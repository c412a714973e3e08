import torch
import torch.nn as nn
from data import load_annotations, collate
from matcher import Matcher

torch.manual_seed(0)
anchors = torch.tensor([[60.0, 50.0, 40.0, 40.0], [0.0, 30.0, 40.0, 60.0], [5.0, 5.0, 35.0, 30.0]])
classifier = nn.Linear(4, 1)
optimizer = torch.optim.SGD(classifier.parameters(), lr=0.01)
matcher = Matcher()

gt_boxes, gt_labels = collate(load_annotations())
iou, matched, labels = matcher(anchors, gt_boxes)
logits = classifier(anchors / 100).squeeze(-1)
loss = nn.functional.binary_cross_entropy_with_logits(logits, labels.float())
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(iou, loss.item())
