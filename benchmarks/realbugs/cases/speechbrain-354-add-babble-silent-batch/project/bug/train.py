import torch
import torch.nn as nn

from processing.speech_augmentation import AddBabble

torch.manual_seed(0)

batch_size, n_samples = 4, 1600
t = torch.arange(n_samples) / 16000.0
wavs = torch.stack([torch.sin(2 * torch.pi * f * t) * 0.3 for f in (220.0, 330.0, 440.0, 550.0)])
# two segments of the batch come from the non-speech part of the corpus (digital silence)
wavs[0] = 0.0
wavs[1] = 0.0
wav_lens = torch.ones(batch_size)
labels = torch.tensor([0, 0, 1, 1])

augment = AddBabble(speaker_count=2, snr_low=0, snr_high=15)
classifier = nn.Sequential(nn.Conv1d(1, 4, 64, stride=32), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(4, 2))
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3)

noisy = augment(wavs, wav_lens)
logits = classifier(noisy.unsqueeze(1))
loss = nn.functional.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
