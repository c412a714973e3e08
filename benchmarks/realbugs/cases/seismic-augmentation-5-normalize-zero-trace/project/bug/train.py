import random

import torch
import torch.nn.functional as F

from picker import PhasePicker
from seismic_augmentation.augmentations import Normalize, PolarityChange
from seismic_augmentation.composition import Compose

random.seed(0)
torch.manual_seed(0)

augment = Compose([PolarityChange(p=0.5), Normalize()])

# 3-component windows (ZNE x 200 samples)
waveforms = [torch.randn(3, 200) * 1e3, torch.randn(3, 200) * 5e2, torch.zeros(3, 200)]
labels = torch.randint(0, 3, (3, 200))

batch = torch.stack([augment(w) for w in waveforms])

model = PhasePicker()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
logits = model(batch)
loss = F.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item())
