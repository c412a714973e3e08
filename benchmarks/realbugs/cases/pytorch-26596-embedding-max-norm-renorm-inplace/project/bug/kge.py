import torch
import torch.nn as nn
import torch.nn.functional as F


class DistMult(nn.Module):
    def __init__(self, num_entities, num_relations, dim, max_norm=1.0):
        super().__init__()
        self.ent_emb = nn.Embedding(num_entities, dim, max_norm=max_norm)
        self.rel_emb = nn.Embedding(num_relations, dim)
        self.ent_proj = nn.Linear(dim, dim, bias=False)

    def score_all_tails(self, heads, relations):
        all_entities = self.ent_proj(self.ent_emb.weight)
        h = self.ent_emb(heads)
        r = self.rel_emb(relations)
        return (h * r) @ all_entities.t()

    def loss(self, heads, relations, tails):
        scores = self.score_all_tails(heads, relations)
        return F.cross_entropy(scores, tails)
