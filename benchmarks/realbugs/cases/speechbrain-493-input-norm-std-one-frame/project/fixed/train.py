import torch
import torch.nn.functional as F
from model import Classifier
from speechbrain_lite.normalize import InputNormalization

torch.manual_seed(0)
normalize = InputNormalization(norm_type="sentence")
model = Classifier()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

feats = torch.randn(3, 6, 4) * 10 - 100
lens = torch.tensor([1.0, 0.5, 1.0 / 6])
labels = torch.tensor([0, 2, 1])
for epoch in range(2):
    x = normalize(feats, lens)
    loss = F.cross_entropy(model(x), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
