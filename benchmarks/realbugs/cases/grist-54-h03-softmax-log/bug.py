# GRIST ID-54: DataScience h03_20191644.py, softmax regression with -mean(sum(y * log(softmax))) and Adam goes NaN
import torch
import torch.nn.functional as F

x_T = torch.FloatTensor(
    [[1, 2, 1, 1], [2, 1, 3, 2], [3, 1, 3, 4], [4, 1, 5, 5], [1, 7, 5, 5], [1, 2, 5, 6], [1, 6, 6, 6], [1, 7, 7, 7]])
y_T = torch.FloatTensor([[0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 1, 0], [0, 1, 0], [0, 1, 0], [1, 0, 0], [1, 0, 0]])
# triggering input: features scaled up (GRIST's gradient search on x_T)
x_T = x_T * 50

W = torch.zeros(4, 3, requires_grad=True)
b = torch.zeros(1, 3, requires_grad=True)
optimizer = torch.optim.Adam([W, b], lr=0.1)

for epoch in range(31):
    hypothesis = torch.softmax(torch.mm(x_T, W) + b, dim=1)
    cost = -torch.mean(torch.sum(y_T * torch.log(hypothesis), dim=1))
    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
