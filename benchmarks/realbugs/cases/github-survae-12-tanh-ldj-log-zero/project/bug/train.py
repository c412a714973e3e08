import torch

from flows import Flow, UniformBase
from transforms import ElementwiseAffine, Tanh

torch.manual_seed(0)
model = Flow(UniformBase(2), [ElementwiseAffine(2), Tanh()])
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

data = torch.randn(256, 2) * 3
data[17] = torch.tensor([12.0, -0.5])  # an outlying sample of the data set
x = data[:64]  # the first mini-batch
optimizer.zero_grad()
loss = -model.log_prob(x).mean()
loss.backward()
optimizer.step()
