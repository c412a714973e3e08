# SO 69235383 (coderoad mirror): hand-written cross entropy log(sum(exp(outputs))) turns NaN after a few epochs.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def myCEE(outputs, targets):
    exp = torch.exp(outputs)
    A = torch.log(torch.sum(exp, dim=1))
    hadamard = F.one_hot(targets, num_classes=10).float() * outputs
    B = torch.sum(hadamard, dim=1)
    return torch.sum(A - B)


model = nn.Linear(20, 10)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
inputs = torch.randn(8, 20) * 10  # unnormalized inputs: logits grow past ~88
targets = torch.randint(0, 10, (8,))
for epoch in range(4):
    opt.zero_grad()
    outputs = model(inputs)
    loss = myCEE(outputs, targets)
    loss.backward()
    opt.step()
