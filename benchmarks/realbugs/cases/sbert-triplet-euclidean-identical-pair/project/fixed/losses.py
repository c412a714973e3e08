import torch.nn as nn
import torch.nn.functional as F
import util


class TripletDistanceMetric:
    COSINE = lambda x, y: 1 - util.pairwise_cos_sim(x, y)
    EUCLIDEAN = lambda x, y: -util.pairwise_euclidean_sim(x, y)


class TripletLoss(nn.Module):
    def __init__(self, model, distance_metric=TripletDistanceMetric.EUCLIDEAN, triplet_margin=5.0):
        super().__init__()
        self.model = model
        self.distance_metric = distance_metric
        self.triplet_margin = triplet_margin

    def forward(self, anchor, positive, negative):
        rep_anchor = self.model(anchor)
        rep_pos = self.model(positive)
        rep_neg = self.model(negative)
        distance_pos = self.distance_metric(rep_anchor, rep_pos)
        distance_neg = self.distance_metric(rep_anchor, rep_neg)
        losses = F.relu(distance_pos - distance_neg + self.triplet_margin)
        return losses.mean()
