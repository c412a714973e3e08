import torch
import torch.nn.functional as F

from mdn import MDN, mdn_loss_function
from model import PatchAutoEncoder

torch.manual_seed(0)
model = PatchAutoEncoder()
g_estimate = MDN(input_dim=8)
optimizer = torch.optim.Adam(list(model.parameters()) + list(g_estimate.parameters()), lr=1e-4)

images = torch.rand(2, 1, 8, 8) * 4095.0  # raw 12-bit sensor values

for step in range(1):
    optimizer.zero_grad()
    vector, recon, patches = model(images)
    pi, mu, sigma = g_estimate(vector)
    loss1 = F.mse_loss(recon, patches)
    loss3 = mdn_loss_function(vector, mu, sigma, pi)
    loss = 5 * loss1 + loss3
    loss.backward()
    optimizer.step()
    print(step, loss.item())
