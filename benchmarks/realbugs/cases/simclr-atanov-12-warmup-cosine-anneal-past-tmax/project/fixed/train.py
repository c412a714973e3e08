import warnings

import torch

from utils import LinearWarmupAndCosineAnneal

warnings.simplefilter("ignore")
torch.manual_seed(0)

epochs, iters_per_epoch = 2, 2
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.3, momentum=0.9)
scheduler = LinearWarmupAndCosineAnneal(optimizer, warm_up=0.25, T_max=epochs * iters_per_epoch)

# one more epoch than the schedule was built for (resumed run / off-by-one in the epoch count)
for epoch in range(epochs + 1):
    for it in range(iters_per_epoch):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
