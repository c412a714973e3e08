import torch

import metrics
from graph_model import GraphLAM

torch.manual_seed(1)
num_grid, d_state = 40, 3
lat_lon = torch.rand(num_grid, 2)
orography_m = torch.rand(num_grid, 1) * 50.0
orography_m[13] = 2900.0
grid_static_features = torch.cat([lat_lon, orography_m], dim=-1)

model = GraphLAM(grid_static_features, d_state=d_state)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
states = torch.randn(4, 3, num_grid, d_state)      # (batch, time, grid, state)
for step in range(2):
    init_state, target_state = states[:, 0], states[:, 1]
    pred, pred_std = model.predict_step(init_state)
    batch_loss = torch.mean(metrics.crps_gauss(pred, target_state, pred_std))
    optimizer.zero_grad()
    batch_loss.backward()
    optimizer.step()
    print(step, batch_loss.item())
