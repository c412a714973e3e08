import torch
import torch.nn as nn
from adaption import MaximumMeanDiscrepancyLoss


class MmdApproach(nn.Module):
    def __init__(self, window=30, features=14):
        super().__init__()
        self.feature_extractor = nn.Sequential(nn.Flatten(), nn.Linear(window * features, 16), nn.ReLU(), nn.Linear(16, 8))
        self.regressor = nn.Linear(8, 1)
        self.mmd_loss = MaximumMeanDiscrepancyLoss(num_kernels=5)
        self.mse = nn.MSELoss()

    def training_step(self, source, source_labels, target, mmd_factor=1.0):
        source = self.feature_extractor(source)
        target = self.feature_extractor(target)
        rul_preds = self.regressor(source).squeeze(-1)
        return self.mse(rul_preds, source_labels) + mmd_factor * self.mmd_loss(source, target)
