import torch
import torch.nn as nn


def take_mag(x, dim=1):
    """ Takes the magnitude of a complex tensor.

    The operands is assumed to have the real parts of each entry followed by
    the imaginary parts of each entry along dimension `dim`.

    Args:
        x (:class:`torch.Tensor`): Complex valued tensor.
        dim (int): Dimension along which the Re and Im are concatenated.

    Returns:
        :class:`torch.Tensor`: The magnitude of x.
    """
    return torch.stack(torch.chunk(x, 2, dim=dim),
                       dim=-1).pow(2).sum(dim=-1).pow(0.5)


def apply_mag_mask(spec, mask, dim=1):
    """Applies a real-valued mask to a complex-valued representation."""
    return spec * torch.cat([mask, mask], dim=dim)


class FreeFB(nn.Module):
    """Free analysis filterbank (learnable real and imaginary filters, no bias)."""

    def __init__(self, n_filters=32, kernel_size=16, stride=8):
        super().__init__()
        self.conv = nn.Conv1d(1, n_filters, kernel_size, stride=stride, bias=False)

    def forward(self, wav):
        return self.conv(wav.unsqueeze(1))

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
