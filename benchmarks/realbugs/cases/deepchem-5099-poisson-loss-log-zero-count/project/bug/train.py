import torch

from models.losses import PoissonLoss
from models.torch_model import CountRegressor, TorchModel

torch.manual_seed(0)
net = CountRegressor()
with torch.no_grad():
    net.out.bias.fill_(0.3)
model = TorchModel(net, PoissonLoss(), learning_rate=1e-3)
X = torch.randn(6, 8)
y = torch.tensor([1., 0., 2., 1., 3., 1.])     # observed counts

for epoch in range(2):
    loss = model.fit_batch(X, y)
    print(epoch, loss.item())
