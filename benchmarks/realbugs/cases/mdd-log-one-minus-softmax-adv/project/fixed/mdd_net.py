import torch.nn as nn
import torch.nn.functional as F

from grl import GradientReverseLayer


class MDDNet(nn.Module):
    def __init__(self, in_dim=16, bottleneck_dim=32, width=32, class_num=5):
        super().__init__()
        self.base_network = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU())
        self.bottleneck_layer = nn.Sequential(nn.Linear(32, bottleneck_dim), nn.ReLU())
        self.classifier_layer = nn.Sequential(nn.Linear(bottleneck_dim, width), nn.ReLU(), nn.Linear(width, class_num))
        self.classifier_layer_2 = nn.Sequential(nn.Linear(bottleneck_dim, width), nn.ReLU(), nn.Linear(width, class_num))

    def forward(self, inputs):
        features = self.bottleneck_layer(self.base_network(inputs))
        features_adv = GradientReverseLayer.apply(features, 0.1)
        outputs_adv = self.classifier_layer_2(features_adv)
        outputs = self.classifier_layer(features)
        softmax_outputs = F.softmax(outputs, dim=1)
        return features, outputs, softmax_outputs, outputs_adv
