import torch


def colbert_kd_scores(queries_embeddings, documents_embeddings):
    """MaxSim score of each query against each of its documents: (bs, n_ways)."""
    sims = torch.einsum("bqh,bndh->bnqd", queries_embeddings, documents_embeddings)
    return sims.max(dim=-1).values.sum(dim=-1)
