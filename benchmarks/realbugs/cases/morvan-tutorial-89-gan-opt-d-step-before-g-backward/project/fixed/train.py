import numpy as np
import torch

from gan import GANTrainer
from models import ART_COMPONENTS, N_IDEAS, make_discriminator, make_generator

torch.manual_seed(1)
np.random.seed(1)

BATCH_SIZE = 64
PAINT_POINTS = np.vstack([np.linspace(-1, 1, ART_COMPONENTS) for _ in range(BATCH_SIZE)])


def artist_works():
    a = np.random.uniform(1, 2, size=BATCH_SIZE)[:, np.newaxis]
    paintings = a * np.power(PAINT_POINTS, 2) + (a - 1)
    return torch.from_numpy(paintings).float()


G, D = make_generator(), make_discriminator()
trainer = GANTrainer(G, D)
for step in range(3):
    D_loss, G_loss = trainer.train_step(artist_works(), torch.randn(BATCH_SIZE, N_IDEAS))
