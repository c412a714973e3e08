import torch
from model import MaskEnhancer
from features import spectral_magnitude

torch.manual_seed(0)
model = MaskEnhancer()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

lengths = [256, 128]
noisy = torch.zeros(2, 256)
for i, n in enumerate(lengths):  # pad the batch to the longest utterance
    noisy[i, :n] = torch.randn(n)
clean = noisy * 0.8

for step in range(2):
    enhanced_stft = model(noisy)
    clean_stft = model.compute_stft(clean)
    enhanced_mag = spectral_magnitude(enhanced_stft, power=0.5)
    target_mag = spectral_magnitude(clean_stft, power=0.5)
    loss = torch.nn.functional.mse_loss(enhanced_mag, target_mag)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
