import torch
import torch.nn.functional as F

from graph_construction import calcADJ
from HIST2ST import Hist2ST

torch.manual_seed(0)
# one slide: spots on the Visium grid, plus one tissue spot detached from the rest
xs, ys = torch.meshgrid(torch.arange(4), torch.arange(4), indexing='ij')
centers = torch.stack([xs.flatten(), ys.flatten()], 1)
centers = torch.cat([centers, torch.tensor([[12, 12]])], 0)           # an isolated spot
n_spots = centers.shape[0]
adj = calcADJ(centers.float(), k=4, pruneTag='Grid')

model = Hist2ST(n_genes=50)
patch = torch.rand(1, n_spots, 3, 16, 16)
exp = torch.rand(n_spots, 50)
pred = model(patch, centers.unsqueeze(0), adj)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-5)

for step in range(2):
    pred = model(patch, centers.unsqueeze(0), adj)
    mse_loss = F.mse_loss(pred, exp)
    optimizer.zero_grad()
    mse_loss.backward()
    optimizer.step()
    print(step, mse_loss.item())
