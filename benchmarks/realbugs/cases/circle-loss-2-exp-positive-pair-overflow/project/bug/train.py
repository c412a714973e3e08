import torch

from circle_loss import CircleLoss
from model import EmbeddingNet

torch.manual_seed(0)
model = EmbeddingNet(emb_dim=2)   # 2-D embeddings, to plot them as in the MNIST demo
criterion = CircleLoss(similarity='cos')
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

batch_size = 128
x = torch.randn(batch_size, 64)
labels = torch.randint(high=10, dtype=torch.long, size=(batch_size,))

for step in range(2):
    feats = model(x)
    loss = criterion(feats, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
