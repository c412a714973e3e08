import torch

from model import MultiLabelClassifier
from resample_loss import ResampleLoss

torch.manual_seed(0)
class_freq = torch.tensor([120., 60., 30., 12., 6., 3.])
neg_class_freq = 200.0 - class_freq
model = MultiLabelClassifier()
criterion = ResampleLoss(class_freq, neg_class_freq)
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
images = torch.randn(8, 16)
labels = (torch.rand(8, 6) > 0.6).float()

for it in range(2):
    cls_score = model(images)
    loss = criterion(cls_score, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())
