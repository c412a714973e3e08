# Fix from the thread: drop_last=True in the training DataLoader, so no batch of one sample reaches BatchNorm1d.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class get_model(nn.Module):
    def __init__(self, num_class):
        super().__init__()
        self.sa = nn.Sequential(nn.Conv1d(3, 64, 1), nn.BatchNorm1d(64), nn.ReLU(), nn.Conv1d(64, 128, 1))
        self.fc1 = nn.Linear(128, 64)
        self.bn1 = nn.BatchNorm1d(64)
        self.drop1 = nn.Dropout(0.4)
        self.fc2 = nn.Linear(64, num_class)

    def forward(self, xyz):
        x = self.sa(xyz).max(dim=2)[0]
        x = self.drop1(F.relu(self.bn1(self.fc1(x))))
        return F.log_softmax(self.fc2(x), -1)


points = torch.randn(9, 3, 32)  # 9 training shapes
labels = torch.randint(0, 4, (9,))
dataset = torch.utils.data.TensorDataset(points, labels)
loader = torch.utils.data.DataLoader(dataset, batch_size=4, shuffle=True, drop_last=True)
classifier = get_model(4)
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3)

classifier.train()
for batch_id, (pts, target) in enumerate(loader):
    optimizer.zero_grad()
    pred = classifier(pts)
    loss = F.nll_loss(pred, target)
    loss.backward()
    optimizer.step()
print(loss.item())
