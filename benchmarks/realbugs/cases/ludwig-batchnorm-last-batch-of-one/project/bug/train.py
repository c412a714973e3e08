import torch

from model import ConcatCombinerModel

torch.manual_seed(0)
config = {"num_fc_layers": 2, "output_size": 16, "norm": "batch", "batch_size": 16, "learning_rate": 1e-3}
dataset_x = torch.randn(33, 10)
dataset_y = dataset_x[:, 0] * 3 - dataset_x[:, 1]
model = ConcatCombinerModel(10, config)
optimizer = torch.optim.Adam(model.parameters(), lr=config["learning_rate"])
model.train()
for epoch in range(1):
    for start in range(0, len(dataset_x), config["batch_size"]):
        x = dataset_x[start:start + config["batch_size"]]
        y = dataset_y[start:start + config["batch_size"]]
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(start, loss.item())
