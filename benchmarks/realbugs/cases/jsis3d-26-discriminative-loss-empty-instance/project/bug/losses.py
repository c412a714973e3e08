import torch
import torch.nn as nn


class NLLLoss(nn.Module):
    def forward(self, logits, labels):
        return nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), labels.reshape(-1))


class DiscriminativeLoss(nn.Module):
    def __init__(self, delta_d, delta_v, alpha=1.0, beta=1.0, gamma=0.001):
        super().__init__()
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.delta_d = delta_d
        self.delta_v = delta_v

    def forward(self, embedded, masks, size):
        centroids = self._centroids(embedded, masks, size)
        L_v = self._variance(embedded, masks, centroids, size)
        L_r = self._regularization(centroids, size)
        return self.alpha * L_v + self.gamma * L_r

    def _centroids(self, embedded, masks, size):
        batch_size, embedding_size, K = embedded.size(0), embedded.size(2), masks.size(2)
        x = embedded.unsqueeze(2).expand(-1, -1, K, -1)
        masks = masks.unsqueeze(3)
        x = x * masks
        centroids = []
        for i in range(batch_size):
            n = size[i]
            mu = x[i, :, :n].sum(0) / masks[i, :, :n].sum(0)
            if K > n:
                mu = torch.cat([mu, torch.zeros(int(K - n), embedding_size)], dim=0)
            centroids.append(mu)
        return torch.stack(centroids)

    def _variance(self, embedded, masks, centroids, size):
        num_points, K = embedded.size(1), masks.size(2)
        mu = centroids.unsqueeze(1).expand(-1, num_points, -1, -1)
        x = embedded.unsqueeze(2).expand(-1, -1, K, -1)
        var = torch.norm(x - mu, 2, dim=3)
        var = torch.clamp(var - self.delta_v, min=0.0) ** 2
        var = var * masks
        loss = 0.0
        for i in range(embedded.size(0)):
            n = size[i]
            loss += torch.sum(var[i, :, :n]) / torch.sum(masks[i, :, :n])
        return loss

    def _regularization(self, centroids, size):
        loss = 0.0
        for i in range(centroids.size(0)):
            n = size[i]
            loss += torch.mean(torch.norm(centroids[i, :n, :], 2, dim=1))
        return loss / centroids.size(0)
