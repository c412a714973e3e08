# https://github.com/yaringal/multi-task-learning-example/issues/14 - standard fix: bound the learned log-variance from below before exponentiating, so the precision cannot overflow.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(32, 4)
y1 = x @ torch.randn(4, 1)
y2 = torch.zeros(32, 1)  # auxiliary channel that is always 0 in this dataset
head1 = nn.Linear(4, 1)
head2 = nn.Linear(4, 1)
nn.init.zeros_(head2.weight)
nn.init.zeros_(head2.bias)
log_vars = nn.Parameter(torch.zeros(2))
optimizer = torch.optim.Adam(list(head1.parameters()) + list(head2.parameters()) + [log_vars], lr=1.0)

for step in range(100):
    optimizer.zero_grad()
    loss = 0
    for i, (y_pred, y_true) in enumerate(((head1(x), y1), (head2(x), y2))):
        precision = torch.exp(-log_vars[i].clamp(min=-20.0))
        diff = (y_pred - y_true) ** 2.0
        loss = loss + torch.sum(precision * diff + log_vars[i], -1)
    loss = torch.mean(loss)
    loss.backward()
    optimizer.step()
print(log_vars, loss.item())
