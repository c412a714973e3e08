import random

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from hifigan.dataset import MelDataset
from hifigan.generator import HifiganGenerator

torch.manual_seed(0)
random.seed(0)

clips = [0.3 * torch.randn(4096), torch.zeros(4096), 0.5 * torch.randn(4096)]  # the second clip is digital silence
dataset = MelDataset(clips)
loader = DataLoader(dataset, batch_size=3, shuffle=False)
generator = HifiganGenerator()
optimizer = torch.optim.AdamW(generator.parameters(), lr=2e-4, betas=(0.8, 0.99))

for wavs, tgts in loader:
    optimizer.zero_grad()
    wavs_hat = generator(tgts)[:, : wavs.size(-1)]
    loss = F.l1_loss(dataset.logmel(wavs_hat), tgts)
    loss.backward()
    optimizer.step()
