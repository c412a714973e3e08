import torch


def pairwise_euclidean_sim(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Negative Euclidean distance between paired rows of a and b."""
    return -torch.linalg.vector_norm(a - b, ord=2, dim=-1)


def pairwise_cos_sim(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.cosine_similarity(a, b, dim=-1)
