# ewbang.com community article 1000290731, with the article's fix: the value passed to
# torch.log is limited (clamped away from 0), so a saturated softmax gives a finite loss.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, in_dim=20, hidden=64, n_classes=5):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.relu = nn.ReLU()
        self.fc2 = nn.Linear(hidden, n_classes)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        return self.softmax(self.fc2(self.relu(self.fc1(x))))


def cross_entropy_from_probs(prob, target, n_classes):
    one_hot = torch.nn.functional.one_hot(target, n_classes).float()
    return -(one_hot * torch.log(torch.clamp(prob, min=1e-8))).sum(dim=1).mean()


torch.manual_seed(0)
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(16, 20) * 1000.0  # raw sensor readings (in the thousands), not standardised
y = torch.randint(0, 5, (16,))
prob = model(x)
loss = cross_entropy_from_probs(prob, y, 5)
optimizer.zero_grad()
loss.backward()
optimizer.step()
out_after_update = model(x)
