import torch as t
import torch.nn as nn
import torch.nn.functional as F


class LocalGraph(nn.Module):
    def __init__(self, seed_num):
        super().__init__()
        self.seed_num = seed_num

    def makeNoise(self, scores):
        noise = t.rand(scores.shape)
        noise = -t.log(-t.log(noise))
        return t.log(scores) + noise

    def forward(self, allOneAdj, embeds):
        order = t.sparse.sum(allOneAdj, dim=-1).to_dense().view([-1, 1])
        fstEmbeds = t.sparse.mm(allOneAdj, embeds) - embeds
        subgraphEmbeds = fstEmbeds / (order + 1e-8)
        subgraphEmbeds = F.normalize(subgraphEmbeds, p=2)
        embeds = F.normalize(embeds, p=2)
        scores = t.sigmoid(t.sum(subgraphEmbeds * embeds, dim=-1))
        scores = self.makeNoise(scores)
        _, seeds = t.topk(scores, self.seed_num)
        return scores, seeds
