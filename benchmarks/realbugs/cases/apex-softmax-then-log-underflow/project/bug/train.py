import torch

from criterion import SoftmaxCrossEntropy
from model import Classifier

torch.manual_seed(0)
cfg = {"temperature": 0.01}
model = Classifier(10, 6)
criterion = SoftmaxCrossEntropy(cfg["temperature"])
x = torch.randn(16, 10) * 3
y = torch.randint(0, 6, (16,))
loss = criterion(model(x), y)
print(loss.item())
