def logsumexp(tensor, dim=-1, keepdim=False):
    max_score, _ = tensor.max(dim, keepdim=keepdim)
    stable_vec = tensor - (max_score if keepdim else max_score.unsqueeze(dim))
    return max_score + (stable_vec.exp().sum(dim, keepdim=keepdim)).log()
