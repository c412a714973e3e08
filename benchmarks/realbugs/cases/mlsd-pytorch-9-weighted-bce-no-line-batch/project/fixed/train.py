import numpy as np
import torch
from torch.utils.data import DataLoader

from mlsd_pytorch.data.wireframe_dset import Line_Dataset
from mlsd_pytorch.loss.mlsd_multi_loss import LineSegmentLoss
from mlsd_pytorch.models.mbv2_mlsd_tiny import MobileV2_MLSD_Tiny

torch.manual_seed(0)
rng = np.random.RandomState(0)

# a few samples: (image, line segments as x0, y0, x1, y1 in input pixels)
samples = [
    (rng.rand(3, 64, 64).astype(np.float32), [(5, 5, 50, 40), (10, 60, 60, 12)]),
    (rng.rand(3, 64, 64).astype(np.float32), [(2, 30, 62, 30)]),
    (rng.rand(3, 64, 64).astype(np.float32), []),
    (rng.rand(3, 64, 64).astype(np.float32), []),
]
train_loader = DataLoader(Line_Dataset(samples), batch_size=2, shuffle=False)

model = MobileV2_MLSD_Tiny()
loss_fn = LineSegmentLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

model.train()
for step, (imgs, label) in enumerate(train_loader):
    outputs = model(imgs)
    loss_dict = loss_fn(outputs, label)
    loss = loss_dict['loss']
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, 'loss', loss.item())
