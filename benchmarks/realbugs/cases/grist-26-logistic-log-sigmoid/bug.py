# GRIST ID-26: PyTorchDeepLearningStart 0401_logistic_regression.py, hand-written BCE on sigmoid output gives NaN when inputs are large
import torch
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(1)

x_data = [[1, 2], [2, 3], [3, 1], [4, 3], [5, 3], [6, 2]]
y_data = [[0], [0], [0], [1], [1], [1]]
# triggering input: the tutorial's features at a larger scale (what GRIST's input search produces)
x_train = torch.FloatTensor(x_data) * 20
y_train = torch.FloatTensor(y_data)

W = torch.zeros((2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
optimizer = optim.SGD([W, b], lr=1)
nb_epoches = 20

for epoch in range(nb_epoches):
    hypothesis = torch.sigmoid(x_train.matmul(W) + b)
    cost = -(y_train * torch.log(hypothesis) + (1 - y_train) * torch.log(1 - hypothesis)).mean()
    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
