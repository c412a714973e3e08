import torch

from accuracy_calculator import AccuracyCalculator
from model import Embedder

torch.manual_seed(0)

model = Embedder(10, 8)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
x = torch.randn(32, 10)
y = torch.randint(0, 4, (32,))
for _ in range(3):
    emb = model(x)
    sim = emb @ emb.t()
    same = (y[:, None] == y[None, :]).float()
    loss = ((sim - same) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()

val_x = torch.randn(9, 10)
val_y = torch.tensor([0, 0, 0, 1, 1, 1, 2, 2, 3])
calculator = AccuracyCalculator(k=4)
with torch.no_grad():
    accuracies = calculator.get_accuracy(model(val_x), val_y)
r_prec = accuracies["r_precision"]
