import torch
from torch import Tensor, nn


def _train_logistic_classifier(data: Tensor, target: Tensor, seed: int, epochs: int = 50) -> nn.Linear:
    torch.manual_seed(seed)
    clf = nn.Linear(data.shape[1], 1)
    opt = torch.optim.SGD(clf.parameters(), lr=0.1)
    for _ in range(epochs):
        opt.zero_grad()
        loss = nn.functional.binary_cross_entropy_with_logits(clf(data).squeeze(-1), target)
        loss.backward()
        opt.step()
    return clf


def c2st_scores(X: Tensor, Y: Tensor, seed: int = 1, n_folds: int = 2, z_score: bool = True, noise_scale=None):
    """Return accuracy of a classifier trained to distinguish samples from X and Y, per fold."""
    if z_score:
        X_mean = torch.mean(X, dim=0)
        X_std = torch.std(X, dim=0)
        # Set std to 1 if it is close to zero.
        X_std[X_std < 1e-14] = 1
        X = (X - X_mean) / X_std
        Y = (Y - X_mean) / X_std

    if noise_scale is not None:
        X += noise_scale * torch.randn(X.shape)
        Y += noise_scale * torch.randn(Y.shape)

    data = torch.cat((X, Y))
    target = torch.cat((torch.zeros(X.shape[0]), torch.ones(Y.shape[0])))

    perm = torch.randperm(data.shape[0], generator=torch.Generator().manual_seed(seed))
    folds = perm.chunk(n_folds)
    scores, classifiers = [], []
    for k in range(n_folds):
        test_idx = folds[k]
        train_idx = torch.cat([f for j, f in enumerate(folds) if j != k])
        clf = _train_logistic_classifier(data[train_idx], target[train_idx], seed)
        with torch.no_grad():
            pred = (clf(data[test_idx]).squeeze(-1) > 0).float()
        scores.append((pred == target[test_idx]).float().mean())
        classifiers.append(clf)
    return torch.stack(scores), classifiers


def c2st(X: Tensor, Y: Tensor, seed: int = 1, n_folds: int = 2, z_score: bool = True, noise_scale=None):
    scores, classifiers = c2st_scores(X, Y, seed=seed, n_folds=n_folds, z_score=z_score, noise_scale=noise_scale)
    return scores.mean(), classifiers

torch.manual_seed(0)

num_samples = 50
# the second simulator parameter is pinned by the prior (a fixed nuisance value)
reference_samples = torch.stack([torch.randn(num_samples) * 0.5 + 1.0, torch.full((num_samples,), 0.3)], dim=1)
posterior_samples = torch.stack([torch.randn(num_samples) * 0.6 + 1.1, torch.full((num_samples,), 0.3)], dim=1)

accuracy, classifiers = c2st(posterior_samples, reference_samples)
clf_weight = classifiers[0].weight
