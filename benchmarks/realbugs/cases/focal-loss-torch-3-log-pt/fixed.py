import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class FocalLoss(nn.Module):
    def __init__(self, gamma=2.0):
        super().__init__()
        self.gamma = gamma

    def forward(self, x, target):
        target_one_hot = F.one_hot(target, num_classes=x.shape[-1]).float()
        p_t = (x * target_one_hot).sum(-1)
        eps = torch.finfo(p_t.dtype).eps
        fl = -1 * (1 - p_t) ** self.gamma * torch.log(p_t + eps)
        return fl.mean()


model = nn.Sequential(nn.Flatten(), nn.Linear(192, 10), nn.Softmax(dim=-1))
images = torch.randint(0, 256, (16, 3, 8, 8)).float()
labels = torch.randint(0, 10, (16,))
criterion = FocalLoss(gamma=2.0)
loss = criterion(model(images), labels)
loss.backward()
print(loss)
