# IGNF/lidar-prod#2, fixed as the pull request does: normalise by the mean of the rare-class count
# and 1% of the batch's points, never zero.
import torch
import torch.nn as nn

torch.manual_seed(0)


class FocalLoss(nn.Module):
    def __init__(self, alpha, gamma=2.0, rare_class_dim=1, eps=1e-6):
        super().__init__()
        self.alpha, self.gamma, self.rare_class_dim, self.eps = alpha, gamma, rare_class_dim, eps

    def forward(self, logits, targets):
        proba = torch.softmax(logits, dim=1)
        loss = 0
        for i in range(logits.size(1)):
            ti = (targets == i).float()
            pi = proba[:, i] * ti
            ai = self.alpha[i]
            loss += -(ti * ai) * (1 - pi) ** self.gamma * torch.log(pi + self.eps)
        n_points = logits.size(0)
        n_points_rare_class = (targets == self.rare_class_dim).sum()
        normalization_factor = (n_points_rare_class + n_points / 100) / 2
        loss = loss.sum() / normalization_factor
        return loss


model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 2))
criterion = FocalLoss(alpha=[0.25, 0.75], rare_class_dim=1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

points = torch.randn(512, 6)                 # xyz + rgb of a tile
targets = torch.zeros(512, dtype=torch.long)  # this tile has no building point at all
logits = model(points)
loss = criterion(logits, targets)
optimizer.zero_grad()
loss.backward()
grad = model[2].weight.grad
