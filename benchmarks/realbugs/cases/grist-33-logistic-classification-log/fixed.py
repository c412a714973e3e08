# GRIST ID-33: TodayILearned logistic_classification.py, low-level BCE log(hypothesis) / log(1 - hypothesis) on sigmoid output goes NaN
import torch
import torch.optim as optim
import torch.nn.functional as F

# For reproducibility
torch.manual_seed(1)

x_data = [[1, 2], [2, 3], [3, 1], [4, 3], [5, 3], [6, 2]]  # 6 x 2
y_data = [[0], [0], [0], [1], [1], [1]]  # 6 x 1
# triggering input: hours scaled up (GRIST searches for large inputs like these)
x_train = torch.FloatTensor(x_data) * 10
y_train = torch.FloatTensor(y_data)

W = torch.zeros((2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
optimizer = optim.SGD([W, b], lr=1)

nb_epochs = 20
for epoch in range(nb_epochs + 1):
    # cost
    hypothesis = torch.sigmoid(x_train.matmul(W) + b)
    cost = F.binary_cross_entropy(hypothesis, y_train)

    # fitting model with cost
    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
