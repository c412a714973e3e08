# QData/TextAttack#804, fixed as the PR does: clamp the cosine similarity to [-1, 1] before torch.acos.
import math

import torch


def get_angular_sim(emb1, emb2):
    cos_sim = torch.nn.CosineSimilarity(dim=1)(emb1, emb2)
    cos_sim = torch.clamp(cos_sim, -1.0, 1.0)
    return 1 - (torch.acos(cos_sim) / math.pi)


torch.manual_seed(2)
starting_embedding = torch.randn(1, 512)
transformed_embedding = starting_embedding.clone()   # the attack changed no word
score = get_angular_sim(starting_embedding, transformed_embedding)
