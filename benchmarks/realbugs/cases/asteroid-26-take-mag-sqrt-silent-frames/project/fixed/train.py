import torch
import torch.nn as nn

from filterbanks.encoder import FreeFB
from filterbanks.inputs_and_masks import apply_mag_mask, take_mag

torch.manual_seed(0)


class MaskNet(nn.Module):
    def __init__(self, n_filters=32):
        super().__init__()
        self.encoder = FreeFB(n_filters)
        self.masker = nn.Sequential(nn.Conv1d(n_filters // 2, 64, 1), nn.ReLU(), nn.Conv1d(64, n_filters // 2, 1), nn.Sigmoid())
        self.decoder = nn.ConvTranspose1d(n_filters, 1, 16, stride=8, bias=False)

    def forward(self, wav):
        spec = self.encoder(wav)
        mask = self.masker(take_mag(spec))
        return self.decoder(apply_mag_mask(spec, mask)).squeeze(1)


model = MaskNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a batch of utterances of different lengths, right-padded with zeros to the longest one
lengths = [800, 520, 400]
mixture = torch.zeros(3, 800)
clean = torch.zeros(3, 800)
for i, n in enumerate(lengths):
    clean[i, :n] = torch.sin(torch.arange(n) * 0.05 * (i + 1))
    mixture[i, :n] = clean[i, :n] + 0.3 * torch.randn(n)

est = model(mixture)
loss = ((est[:, : clean.shape[1]] - clean) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
encoder_weight = model.encoder.conv.weight
