import torch

from losses import ContrastiveLoss
from networks import EmbeddingNet, SiameseNet
from trainer import train_epoch

torch.manual_seed(0)

embedding_net = EmbeddingNet()
model = SiameseNet(embedding_net)
x1 = torch.randn(6, 10)
x2 = torch.randn(6, 10)
x2[0] = x1[0]
target = torch.tensor([1, 0, 1, 0, 1, 0])
margin = 1.0
loss_fn = ContrastiveLoss(margin)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss, mean_loss = train_epoch([((x1, x2), target)], model, loss_fn, optimizer)
