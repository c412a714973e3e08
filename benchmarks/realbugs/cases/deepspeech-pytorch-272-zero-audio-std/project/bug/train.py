import torch
from torch.nn import CTCLoss
from data.data_loader import SpectrogramDataset
from model import DeepSpeech

torch.manual_seed(0)
manifest = [
    (torch.randn(3200) * 0.1, torch.tensor([3, 5, 7])),
    (torch.zeros(3200), torch.tensor([8, 1])),
]
dataset = SpectrogramDataset(manifest)
model = DeepSpeech(n_freq=dataset.n_fft // 2 + 1)
criterion = CTCLoss(blank=0, reduction="sum", zero_infinity=True)
optimizer = torch.optim.SGD(model.parameters(), lr=3e-4, momentum=0.9)

for i in range(len(dataset)):
    spect, targets = dataset[i]
    out = model(spect[None])
    loss = criterion(out, targets[None], torch.tensor([out.shape[0]]), torch.tensor([len(targets)]))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(i, loss.item())
