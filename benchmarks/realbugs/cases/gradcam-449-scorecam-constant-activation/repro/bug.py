# jacobgil/pytorch-grad-cam#449: ScoreCAM min-max normalises each upsampled activation map with
# (x - min) / (max - min); a constant map (a dead ReLU channel, all zeros) gives 0 / 0 = NaN masks, NaN scores,
# and the softmax over the channels' scores makes every weight NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU())
head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
model = nn.Sequential(features, head).eval()
with torch.no_grad():
    features[2].weight[3] = 0.0
    features[2].bias[3] = -1.0  # dead channel
input_tensor = torch.rand(1, 3, 16, 16)
category = 2

with torch.no_grad():
    activations = features(input_tensor)
    upsample = torch.nn.UpsamplingBilinear2d(size=input_tensor.shape[-2:])
    upsampled = upsample(activations)
    maxs = upsampled.view(upsampled.size(0), upsampled.size(1), -1).max(dim=-1)[0]
    mins = upsampled.view(upsampled.size(0), upsampled.size(1), -1).min(dim=-1)[0]
    maxs, mins = maxs[:, :, None, None], mins[:, :, None, None]
    upsampled = (upsampled - mins) / (maxs - mins)
    input_tensors = input_tensor[:, None, :, :] * upsampled[:, :, None, :, :]
    scores = torch.Tensor([o[category].item() for o in model(input_tensors[0])])
    weights = torch.nn.Softmax(dim=-1)(scores.view(1, -1))
    cam = torch.relu((weights[:, :, None, None] * activations).sum(1))
