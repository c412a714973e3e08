# SO 6301115 (whosebug mirror): loss = exp(CrossEntropy / eta) overflows to inf on a confidently wrong prediction -> NaN weights.
import torch
import torch.nn as nn

torch.manual_seed(0)

client_model = nn.Linear(4, 2)
with torch.no_grad():
    client_model.weight.copy_(torch.tensor([[-50.0, 0, 0, 0], [50.0, 0, 0, 0]]))
optimizer = torch.optim.SGD(client_model.parameters(), lr=0.01)
criterion = nn.CrossEntropyLoss()
eta = 2

data = torch.tensor([[4.0, 0.1, -0.2, 0.3], [0.5, 0.2, 0.1, -0.1]])
target = torch.tensor([0, 1])
e_loss = []
for e in range(2):
    client_model.train()
    optimizer.zero_grad()
    output = client_model(data)
    loss = torch.exp(criterion(output, target) / eta)
    loss.backward()
    optimizer.step()
    e_loss.append(loss.item())
