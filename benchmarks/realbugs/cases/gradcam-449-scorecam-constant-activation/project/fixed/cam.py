import torch
import torch.nn as nn

from pytorch_grad_cam import ScoreCAM


class ClassifierOutputTarget:
    def __init__(self, category):
        self.category = category

    def __call__(self, model_output):
        return model_output[self.category]


torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5),
)
with torch.no_grad():  # a trained net has dead filters: channel 3 of the target layer never fires
    model[2].weight[3] = 0.0
    model[2].bias[3] = -1.0
target_layers = [model[3]]
input_tensor = torch.rand(1, 3, 16, 16)

cam = ScoreCAM(model=model, target_layers=target_layers)
grayscale_cam = cam(input_tensor=input_tensor, targets=[ClassifierOutputTarget(2)])
grayscale_cam_t = torch.from_numpy(grayscale_cam)
