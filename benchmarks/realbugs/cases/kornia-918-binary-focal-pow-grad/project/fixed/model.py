import torch.nn as nn


class MultiLabelHead(nn.Module):
    def __init__(self, in_features, num_labels, logit_scale=1.0):
        super().__init__()
        self.fc = nn.Linear(in_features, num_labels)
        self.logit_scale = logit_scale

    def forward(self, x):
        return self.fc(x) * self.logit_scale
