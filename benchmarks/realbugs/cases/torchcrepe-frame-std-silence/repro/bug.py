# https://github.com/maxrmorrison/torchcrepe/issues/5 -- preprocess scales every frame by its standard deviation; a silent frame has std 0 and becomes 0/0 = NaN.
import torch

torch.manual_seed(0)
WINDOW_SIZE, hop_length = 64, 32
audio = torch.cat([torch.zeros(256), torch.sin(torch.arange(512) * 0.3) + 0.01 * torch.randn(512)])[None]

frames = torch.nn.functional.unfold(audio[:, None, None, :], kernel_size=(1, WINDOW_SIZE), stride=(1, hop_length))
frames = frames.transpose(1, 2).reshape(-1, WINDOW_SIZE)
frames = frames - frames.mean(dim=1, keepdim=True)
frames = frames / frames.std(dim=1, keepdim=True)

model = torch.nn.Sequential(torch.nn.Linear(WINDOW_SIZE, 32), torch.nn.ReLU(), torch.nn.Linear(32, 360))
with torch.no_grad():
    probabilities = torch.sigmoid(model(frames))
