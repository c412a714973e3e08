import torch
import torch.nn as nn

from layers import LearnedGroupConv
from model import CondenseNet

torch.manual_seed(0)
epochs, iters_per_epoch, group_lasso_lambda = 4, 2, 1e-5

model = CondenseNet()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)

for epoch in range(epochs):
    for i in range(iters_per_epoch):
        progress = float(epoch * iters_per_epoch + i) / (epochs * iters_per_epoch)
        LearnedGroupConv.global_progress = progress
        input, target = torch.randn(4, 3, 8, 8), torch.randint(0, 10, (4,))
        output = model(input)
        loss = criterion(output, target)
        lasso_loss = 0
        for m in model.modules():
            if isinstance(m, LearnedGroupConv):
                lasso_loss = lasso_loss + m.lasso_loss
        loss = loss + group_lasso_lambda * lasso_loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
