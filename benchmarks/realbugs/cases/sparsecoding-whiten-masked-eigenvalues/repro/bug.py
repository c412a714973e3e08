# https://github.com/rctn/sparsecoding/pull/79 -- compute_whitening_stats zeroes the eigenvalues it drops (n_components), and whiten then inverts them: 1/sqrt(0) = inf and the whitened data is NaN.
import torch

torch.manual_seed(0)
A = torch.tensor([[1, 0.2, 0.4], [0.2, 1, 0.2], [0.4, 0.2, 1]])
X = torch.randn(2000, 3) @ A.T
n_components, epsilon = 2, 0.0

mean = torch.mean(X, dim=0)
Sigma = torch.cov((X - mean).T)
eigenvalues, eigenvectors = torch.linalg.eigh(Sigma)
eigenvalues = torch.flip(eigenvalues, dims=[0])
eigenvectors = torch.flip(eigenvectors, dims=[1])
mask = torch.zeros_like(eigenvalues)
mask[:n_components] = 1.0
eigenvalues = eigenvalues * mask
eigenvectors = eigenvectors * mask.unsqueeze(0)

scaling = torch.diag(1. / torch.sqrt(eigenvalues + epsilon))
W = eigenvectors @ scaling @ eigenvectors.T
X_white = (X - mean) @ W.T
