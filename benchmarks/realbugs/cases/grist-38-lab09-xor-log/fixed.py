# GRIST ID-38: MachineLearning lab-09-1-xor.py, single-layer XOR with Linear+Sigmoid and a hand-written BCE goes NaN
import torch
from torch.autograd import Variable
import numpy as np

torch.manual_seed(777)  # for reproducibility

x_data = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
y_data = np.array([[0], [1], [1], [0]], dtype=np.float32)
# triggering input: XOR inputs at a large scale (GRIST's search output)
x_data = x_data * 200
X = Variable(torch.from_numpy(x_data))
Y = Variable(torch.from_numpy(y_data))

# Hypothesis using sigmoid
linear = torch.nn.Linear(2, 1, bias=True)
sigmoid = torch.nn.Sigmoid()
model = torch.nn.Sequential(linear, sigmoid)

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for step in range(11):
    optimizer.zero_grad()
    hypothesis = model(X)
    # cost/loss function
    cost = torch.nn.functional.binary_cross_entropy(hypothesis, Y)
    cost.backward()
    optimizer.step()

# Accuracy computation
predicted = (model(X).data > 0.5).float()
accuracy = (predicted == Y.data).float().mean()
