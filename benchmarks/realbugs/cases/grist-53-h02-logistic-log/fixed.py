# GRIST ID-53: DataScience h02_20191644.py, logistic regression with a manual BCE and manual W/b updates goes NaN
import torch

x_train = torch.FloatTensor([[1], [2], [3], [4], [5], [2.5], [3.5], [0], [3.1], [2.7], [2.8], [2.9]])
y_train = torch.FloatTensor([[1], [1], [1], [0], [0], [0], [0], [1], [0], [1], [1], [1]])
# triggering input: one study-hours value enlarged (GRIST moves inputs to large magnitudes)
x_train[4] = 200.0

W = torch.zeros(1, 1)  # 1 x 1
b = torch.zeros(1, 1)  # 1 x 1
lr = 1.0

for epoch in range(10):
    W.requires_grad_(True)
    b.requires_grad_(True)
    hypothesis = torch.sigmoid(torch.mm(x_train, W) + b)
    cost = torch.nn.functional.binary_cross_entropy(hypothesis, y_train)
    cost.backward()
    with torch.no_grad() as grd:
        W = W - lr * W.grad
        b = b - lr * b.grad
