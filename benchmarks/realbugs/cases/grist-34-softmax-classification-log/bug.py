# GRIST ID-34: TodayILearned softmax_classification.py, training with the low-level cross-entropy (y_one_hot * -log(softmax)) goes NaN
import torch
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(1)

# Training with low-level cross entropy loss
x_train = [[1, 2, 1, 1],
           [2, 1, 3, 2],
           [3, 1, 3, 4],
           [4, 1, 5, 5],
           [1, 7, 5, 5],
           [1, 2, 5, 6],
           [1, 6, 6, 6],
           [1, 7, 7, 7]]  # 8 x 4
y_train = [2, 2, 2, 1, 1, 1, 0, 0]  # 1 x 8
# triggering input: enlarged features (GRIST)
x_train = torch.FloatTensor(x_train) * 20
y_train = torch.LongTensor(y_train)

# Model initialization
W = torch.zeros((4, 3), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
# Optimizer
optimizer = optim.SGD([W, b], lr=0.1)

nb_epochs = 20
for epoch in range(nb_epochs + 1):
    # cost 1
    hypothesis = F.softmax(x_train.matmul(W) + b, dim=1)
    y_one_hot = torch.zeros_like(hypothesis)
    y_one_hot.scatter_(1, y_train.unsqueeze(1), 1)
    cost = (y_one_hot * -torch.log(hypothesis)).sum(dim=1).mean()

    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
