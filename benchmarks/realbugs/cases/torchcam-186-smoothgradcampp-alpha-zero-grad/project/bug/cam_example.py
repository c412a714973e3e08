import torch
from torch import nn

from torchcam.methods import SmoothGradCAMpp

torch.manual_seed(0)
# a classifier whose head max-pools the target layer: the class score only depends on the max position
# of each channel, every other position of the target feature map gets an exact zero gradient
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
    nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
    nn.AdaptiveMaxPool2d(1), nn.Flatten(), nn.Linear(16, 5),
).eval()

cam_extractor = SmoothGradCAMpp(model, target_layer="3", input_shape=(3, 8, 8))
img = torch.rand(1, 3, 8, 8)
out = model(img)
cams = cam_extractor(out.squeeze(0).argmax().item())
