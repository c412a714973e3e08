import torch


def compute_whitening_stats(X, n_components=None):
    mean = torch.mean(X, dim=0)
    X_centered = X - mean
    Sigma = torch.cov(X_centered.T)

    eigenvalues, eigenvectors = torch.linalg.eigh(Sigma)
    eigenvalues = torch.flip(eigenvalues, dims=[0])
    eigenvectors = torch.flip(eigenvectors, dims=[1])

    if n_components is not None:
        if isinstance(n_components, float):
            explained_variance_ratio = eigenvalues / torch.sum(eigenvalues)
            cumulative_variance_ratio = torch.cumsum(explained_variance_ratio, dim=0)
            n_components = int(torch.sum(cumulative_variance_ratio <= n_components)) + 1
        mask = torch.zeros_like(eigenvalues)
        mask[:n_components] = 1.0
        eigenvalues = eigenvalues * mask
        eigenvectors = eigenvectors * mask.unsqueeze(0)

    return {"mean": mean, "eigenvalues": eigenvalues, "eigenvectors": eigenvectors}


def whiten(X, algorithm="zca", stats=None, n_components=None, epsilon=0.0):
    if stats is None:
        stats = compute_whitening_stats(X, n_components)
    x_centered = X - stats.get("mean")
    if algorithm == "pca":
        scaling = torch.diag(1.0 / torch.sqrt(stats.get("eigenvalues") + epsilon))
        W = scaling @ stats.get("eigenvectors").T
    elif algorithm == "zca":
        scaling = torch.diag(1.0 / torch.sqrt(stats.get("eigenvalues") + epsilon))
        W = stats.get("eigenvectors") @ scaling @ stats.get("eigenvectors").T
    else:
        raise ValueError(f"Unknown whitening algorithm: {algorithm}")
    return x_centered @ W.T
