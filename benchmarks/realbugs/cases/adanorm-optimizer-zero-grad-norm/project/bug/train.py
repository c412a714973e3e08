import torch
import torch.nn.functional as F
from model import NetWithAuxHead
from adamnorm import AdamNorm

torch.manual_seed(0)
model = NetWithAuxHead()
optimizer = AdamNorm(model.parameters(), lr=1e-3)

x = torch.randn(16, 4)
y = torch.randn(16, 1)
y_aux = torch.randn(16, 1)
aux_schedule = [1.0, 0.0, 0.0]

for aux_weight in aux_schedule:
    optimizer.zero_grad()
    pred, aux_pred = model(x)
    loss = F.mse_loss(pred, y) + aux_weight * F.mse_loss(aux_pred, y_aux)
    loss.backward()
    optimizer.step()
aux = model.aux
print("loss", loss.item())
