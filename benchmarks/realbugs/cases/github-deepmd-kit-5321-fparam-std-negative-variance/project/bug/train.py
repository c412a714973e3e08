import numpy as np
import torch

from model import EnergyModel

torch.manual_seed(0)
rng = np.random.default_rng(0)
nframes, natoms = 100, 5
# every frame of the data set was computed at the same electronic temperature (fparam)
dataset = [{"coord": rng.random((natoms, 3)) * 3.0, "fparam": np.array([[0.3]]), "energy": rng.normal()}
           for _ in range(nframes)]

model = EnergyModel(numb_fparam=1)
model.fitting_net.compute_input_stats(dataset)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    batch = dataset[4 * step:4 * step + 4]
    coord = torch.tensor(np.stack([f["coord"] for f in batch]), dtype=torch.float32)
    fparam = torch.tensor(np.concatenate([f["fparam"] for f in batch]), dtype=torch.float32)
    label = torch.tensor([f["energy"] for f in batch], dtype=torch.float32)
    pred = model(coord, fparam)
    loss = ((pred["energy"] - label) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
