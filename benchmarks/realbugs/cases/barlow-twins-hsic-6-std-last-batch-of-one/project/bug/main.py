import torch
from torch.utils.data import DataLoader, TensorDataset

from model import Model

torch.manual_seed(0)


def off_diagonal(x):
    n, m = x.shape
    return x.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


def train(net, data_loader, train_optimizer, lmbda=0.0078125):
    net.train()
    total_loss = 0.0
    for pos_1, pos_2 in data_loader:
        feature_1, out_1 = net(pos_1)
        feature_2, out_2 = net(pos_2)
        batch_size = pos_1.size(0)
        out_1_norm = (out_1 - out_1.mean(dim=0)) / out_1.std(dim=0)
        out_2_norm = (out_2 - out_2.mean(dim=0)) / out_2.std(dim=0)
        c = torch.matmul(out_1_norm.T, out_2_norm) / batch_size
        on_diag = torch.diagonal(c).add(-1).pow(2).sum()
        off_diag = off_diagonal(c).pow(2).sum()
        loss = on_diag + lmbda * off_diag
        train_optimizer.zero_grad()
        loss.backward()
        train_optimizer.step()
        total_loss += loss.item()
    return total_loss


images = torch.rand(17, 3, 8, 8)
views = TensorDataset(images + 0.05 * torch.randn_like(images), images + 0.05 * torch.randn_like(images))
train_loader = DataLoader(views, batch_size=8, shuffle=True)
model = Model()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-6)
total_loss = train(model, train_loader, optimizer)
