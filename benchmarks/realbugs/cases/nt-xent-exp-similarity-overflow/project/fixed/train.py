import torch

from losses import nt_xent_loss
from model import AudioEncoder

torch.manual_seed(0)
hparams = {"temperature": 0.5, "lr": 1e-3}
model = AudioEncoder()
optimizer = torch.optim.Adam(model.parameters(), lr=hparams["lr"])

# log-mel energies in dB, roughly in [-80, 0]
mel = -80.0 * torch.rand(8, 20, 50)
view_1 = mel + torch.randn_like(mel)
view_2 = mel + torch.randn_like(mel)

for step in range(1):
    optimizer.zero_grad()
    loss = nt_xent_loss(model(view_1), model(view_2), hparams["temperature"])
    loss.backward()
    optimizer.step()
    print(step, loss.item())
