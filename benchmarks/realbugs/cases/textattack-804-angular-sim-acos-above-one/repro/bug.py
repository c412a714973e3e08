# QData/TextAttack#804: get_angular_sim takes torch.acos of a cosine similarity that floating point
# rounding puts slightly above 1 for two identical embeddings (1.0000001), and acos of it is NaN.
import math

import torch


def get_angular_sim(emb1, emb2):
    cos_sim = torch.nn.CosineSimilarity(dim=1)(emb1, emb2)
    return 1 - (torch.acos(cos_sim) / math.pi)


torch.manual_seed(2)
starting_embedding = torch.randn(1, 512)
transformed_embedding = starting_embedding.clone()   # the attack changed no word
score = get_angular_sim(starting_embedding, transformed_embedding)
