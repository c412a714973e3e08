import torch
import torch.nn as nn

torch.manual_seed(0)
clean_audio = torch.zeros(4000)
noisy_audio = torch.zeros(4000)
if torch.max(torch.abs(noisy_audio)) == 0.0:
    noisy_audio = noisy_audio + torch.randn(len(noisy_audio)) * 0.00001

norm_factor = torch.sqrt(len(noisy_audio) / torch.sum(noisy_audio ** 2.0))
clean_audio = clean_audio * norm_factor
noisy_audio = noisy_audio * norm_factor

net = nn.Conv1d(1, 1, 15, padding=7)
loss = nn.functional.l1_loss(net(noisy_audio[None, None]), clean_audio[None, None])
print(loss)
