import torch
from torch import nn

from torch_stoi import NegSTOILoss

torch.manual_seed(0)
sample_rate = 10000


class MaskEnhancer(nn.Module):
    """Masking-based enhancement: a sigmoid mask applied to the noisy waveform."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(1, 8, 9, padding=4), nn.ReLU(), nn.Conv1d(8, 1, 9, padding=4))

    def forward(self, mixture):
        return mixture * torch.sigmoid(self.net(mixture.unsqueeze(1))).squeeze(1)


model = MaskEnhancer()
loss_func = NegSTOILoss(sample_rate=sample_rate)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a batch of two utterances; the shorter one is zero-padded to the length of the longer
lengths = [12000, 8000]
clean = torch.zeros(2, 12000)
noisy = torch.zeros(2, 12000)
for i, n in enumerate(lengths):
    t = torch.arange(n) / sample_rate
    clean[i, :n] = 0.5 * torch.sin(2 * torch.pi * 440 * t) * torch.sin(2 * torch.pi * 3 * t)
    noisy[i, :n] = clean[i, :n] + 0.05 * torch.randn(n)

est = model(noisy)
loss = loss_func(est, clean).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
