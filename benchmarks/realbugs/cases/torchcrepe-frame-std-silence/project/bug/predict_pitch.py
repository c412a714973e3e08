import torch

import core
from model import Crepe

torch.manual_seed(0)
sr = core.SAMPLE_RATE
t = torch.arange(int(0.05 * sr)) / sr
voiced = 0.5 * torch.sin(2 * torch.pi * 220.0 * t)
audio = torch.cat([torch.zeros(int(0.02 * sr)), voiced])[None]

model = Crepe()
pitch, periodicity = core.predict(audio, sr, hop_length=160, model=model)
print(pitch[:5], periodicity[:5])
