# ronghuaiyang/arcface-pytorch#32: ArcMarginProduct loss turns NaN after a few batches (sine = sqrt(1 - cos^2)).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ArcMarginProduct(nn.Module):
    def __init__(self, in_features, out_features, s=30.0, m=0.50):
        super().__init__()
        self.s, self.m = s, m
        self.weight = nn.Parameter(torch.randn(out_features, in_features))
        self.cos_m, self.sin_m = math.cos(m), math.sin(m)
        self.th = math.cos(math.pi - m)
        self.mm = math.sin(math.pi - m) * m

    def forward(self, input, label):
        cosine = F.linear(F.normalize(input), F.normalize(self.weight))
        sine = torch.sqrt(1.0 - torch.pow(cosine, 2))
        phi = cosine * self.cos_m - sine * self.sin_m
        phi = torch.where(cosine > self.th, phi, cosine - self.mm)
        one_hot = torch.zeros_like(cosine)
        one_hot.scatter_(1, label.view(-1, 1).long(), 1)
        output = (one_hot * phi) + ((1.0 - one_hot) * cosine)
        return output * self.s


metric_fc = ArcMarginProduct(512, 10)
label = torch.arange(10)
# a LeNet on an easy dataset: features end up aligned with their class weights, |cos| rounds past 1
feature = metric_fc.weight.detach().clone()
output = metric_fc(feature, label)
loss = F.cross_entropy(output, label)
