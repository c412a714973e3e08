"""A toy WikiHop-like sample: mention encodings, a mention graph and candidate mention indices."""
import torch


def make_sample(n_mentions=6, hidden=32, scale=4.0):
    encoded_query = torch.randn(1, hidden)
    encoded_mention = torch.randn(n_mentions, hidden) * scale  # un-normalised BERT encodings
    adjacency = torch.ones(n_mentions, n_mentions) / n_mentions + torch.eye(n_mentions)
    candidate_indices = {"paris": [0, 1], "lyon": [2, 3, 4], "nice": [5]}
    target = torch.tensor([[1.0, 0.0, 0.0]])
    return encoded_query, candidate_indices, encoded_mention, adjacency, target
