import random
import torch
import torch.nn as nn
import torch.nn.functional as F


class BaseAugmentation(object):
    def __init__(self, p: float = 1.0):
        assert 0 <= p <= 1.0, "p must be a value in the range [0, 1]"
        self.p = p

    def __call__(self, data: torch.tensor, sample_rate: int = 100):
        assert isinstance(data, torch.Tensor), "Waveform passed in must be a torch.tensor"

        if random.random() > self.p:
            return data

        return self.apply_transform(data, sample_rate)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        raise NotImplementedError()


class PolarityChange(BaseAugmentation):
    def __init__(self, p: float = 1.0):
        super().__init__(p)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        return data * -1


class Normalize(BaseAugmentation):
    def __init__(self, p: float = 1.0):
        super().__init__(p)

    def apply_transform(self, data: torch.tensor, sample_rate: int = 100):
        return data / data.abs().max(dim=-1, keepdim=True).values.max()


class Compose(object):
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data, sample_rate=100):
        for t in self.transforms:
            data = t(data, sample_rate)
        return data


class PhasePicker(nn.Module):
    """Tiny 1D CNN: 3-component waveform -> P/S/noise probabilities per sample."""

    def __init__(self, in_channels=3, hidden=8):
        super().__init__()
        self.conv1 = nn.Conv1d(in_channels, hidden, 7, padding=3)
        self.conv2 = nn.Conv1d(hidden, 3, 7, padding=3)

    def forward(self, x):
        return self.conv2(torch.relu(self.conv1(x)))


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
