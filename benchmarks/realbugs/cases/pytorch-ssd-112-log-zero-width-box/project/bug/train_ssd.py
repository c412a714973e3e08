import torch

from vision.datasets.open_images import OpenImagesDataset
from vision.ssd.ssd import MatchPrior

center_form_priors = torch.tensor([[0.2, 0.2, 0.1, 0.1], [0.5, 0.5, 0.3, 0.3], [0.8, 0.8, 0.2, 0.4]])
target_transform = MatchPrior(center_form_priors, 0.1, 0.2)
annotations = [[
    {"XMin": 0.15, "YMin": 0.12, "XMax": 0.26, "YMax": 0.30, "label": 1},
    {"XMin": 0.40, "YMin": 0.35, "XMax": 0.40, "YMax": 0.70, "label": 2},
    {"XMin": 0.70, "YMin": 0.60, "XMax": 0.88, "YMax": 0.95, "label": 1},
]]
train_dataset = OpenImagesDataset(annotations, target_transform=target_transform)
locations, labels = train_dataset[0]
