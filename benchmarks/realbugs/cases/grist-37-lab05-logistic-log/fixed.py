# GRIST ID-37: MachineLearning lab-05-1-logistic_regression.py, Linear+Sigmoid model with a hand-written BCE goes NaN
import torch
from torch.autograd import Variable
import numpy as np

torch.manual_seed(777)

x_data = np.array([[1, 2], [2, 3], [3, 1], [4, 3], [5, 3], [6, 2]], dtype=np.float32)
y_data = np.array([[0], [0], [0], [1], [1], [1]], dtype=np.float32)
# triggering input: enlarged features (as found by GRIST's gradient search on X)
x_data = x_data * 100
X = Variable(torch.from_numpy(x_data))
Y = Variable(torch.from_numpy(y_data))

# Hypothesis using sigmoid: tf.div(1., 1. + tf.exp(tf.matmul(X, W)))
linear = torch.nn.Linear(2, 1, bias=True)
sigmoid = torch.nn.Sigmoid()
model = torch.nn.Sequential(linear, sigmoid)

optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for step in range(11):
    optimizer.zero_grad()
    hypothesis = model(X)
    # cost/loss function
    cost = torch.nn.functional.binary_cross_entropy(hypothesis, Y)
    cost.backward()
    optimizer.step()
