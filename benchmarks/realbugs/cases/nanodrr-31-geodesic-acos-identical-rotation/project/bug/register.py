import torch

from nanodrr.metrics import DoubleGeodesicSE3
from nanodrr.pose import convert

torch.manual_seed(0)
sdd = 1020.0
geodesic = DoubleGeodesicSE3(sdd)
true_rot = torch.zeros(2, 3)
true_xyz = torch.tensor([[0.0, 850.0, 0.0], [0.0, 850.0, 0.0]])
# the registration is initialised with the right orientation and a translation a few mm off
rotation = torch.nn.Parameter(true_rot.clone())
translation = torch.nn.Parameter(true_xyz + torch.tensor([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]]))
optimizer = torch.optim.Adam([rotation, translation], lr=1e-2)

for itr in range(3):
    optimizer.zero_grad()
    _, _, dgeo = geodesic(convert(rotation, translation), convert(true_rot, true_xyz))
    loss = dgeo.mean()
    loss.backward()
    optimizer.step()
