import torch.nn as nn
import torch.nn.functional as F


class SmallCNN(nn.Module):
    def __init__(self, drop=0.5):
        super(SmallCNN, self).__init__()
        self.num_channels = 1
        self.num_labels = 10
        self.feature_extractor = nn.Sequential(
            nn.Conv2d(self.num_channels, 8, 3), nn.ReLU(),
            nn.MaxPool2d(2, 2),
            nn.Conv2d(8, 16, 3), nn.ReLU(),
            nn.MaxPool2d(2, 2))
        self.fc1 = nn.Linear(16 * 5 * 5, 64)
        self.fc2 = nn.Linear(64, self.num_labels)

    def forward(self, input):
        features = self.feature_extractor(input)
        logits = self.fc2(F.relu(self.fc1(features.view(-1, 16 * 5 * 5))))
        return logits
