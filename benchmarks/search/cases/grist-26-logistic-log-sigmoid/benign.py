# GRIST ID-26 (PyTorchDeepLearningStart 0401_logistic_regression.py), benign inputs: the tutorial's own
# features, on which the sigmoid never saturates. The bug (log(1 - 1) times 1 - y = 0) needs larger
# features. The cost is in a function here, as in a training script.
import torch
import torch.optim as optim

torch.manual_seed(1)


def cost(x_train, y_train, W, b):
    hypothesis = torch.sigmoid(x_train.matmul(W) + b)
    return -(y_train * torch.log(hypothesis) + (1 - y_train) * torch.log(1 - hypothesis)).mean()


x_data = [[1, 2], [2, 3], [3, 1], [4, 3], [5, 3], [6, 2]]
y_data = [[0], [0], [0], [1], [1], [1]]
x_train = torch.FloatTensor(x_data)
y_train = torch.FloatTensor(y_data)

W = torch.zeros((2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
optimizer = optim.SGD([W, b], lr=1)

for epoch in range(20):
    loss = cost(x_train, y_train, W, b)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
