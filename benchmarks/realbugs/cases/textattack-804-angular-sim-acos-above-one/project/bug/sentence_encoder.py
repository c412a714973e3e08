import math

import torch


def get_angular_sim(emb1, emb2):
    """Returns the _angular_ similarity between a batch of vector and a batch
    of vectors."""
    cos_sim = torch.nn.CosineSimilarity(dim=1)(emb1, emb2)
    return 1 - (torch.acos(cos_sim) / math.pi)


def get_neg_euclidean_dist(emb1, emb2):
    return -torch.sum((emb1 - emb2) ** 2, dim=1)


class SentenceEncoder(object):
    """Constraint using cosine (or angular) similarity between sentence encodings."""

    def __init__(self, threshold=0.8, metric="angular", window_size=None):
        self.threshold = threshold
        self.window_size = window_size
        if metric == "cosine":
            self.sim_metric = torch.nn.CosineSimilarity(dim=1)
        elif metric == "angular":
            self.sim_metric = get_angular_sim
        elif metric == "max_euclidean":
            self.sim_metric = get_neg_euclidean_dist
        else:
            raise ValueError(f"Unsupported metric {metric}.")

    def encode(self, sentences):
        raise NotImplementedError()

    def _sim_score(self, starting_text, transformed_text):
        starting_embedding, transformed_embedding = self.encode([starting_text, transformed_text])
        starting_embedding = torch.unsqueeze(starting_embedding, dim=0)
        transformed_embedding = torch.unsqueeze(transformed_embedding, dim=0)
        return self.sim_metric(starting_embedding, transformed_embedding)

    def _check_constraint(self, transformed_text, reference_text):
        score = self._sim_score(reference_text, transformed_text)
        return score >= self.threshold, score
