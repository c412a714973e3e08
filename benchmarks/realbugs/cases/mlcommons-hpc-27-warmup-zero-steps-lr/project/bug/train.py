import numpy as np
import torch
import torch.nn as nn
from utils.schedulers import CosineAnnealingLRWarmup

torch.manual_seed(0)
config = {"start_lr": 1e-3, "lr_warmup_steps": 0, "lr_warmup_factor": 1.0, "batch_size": 8, "num_samples": 64, "epochs": 2}
net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 1))
optimizer = torch.optim.AdamW(net.parameters(), lr=config["start_lr"])
steps_per_epoch = np.ceil(config["num_samples"] / config["batch_size"])
warmup_steps = np.ceil(config["lr_warmup_steps"] * steps_per_epoch / steps_per_epoch)
scheduler = CosineAnnealingLRWarmup(optimizer, warmup_steps, config["lr_warmup_factor"], T_max=steps_per_epoch * config["epochs"])
criterion = nn.CrossEntropyLoss()

for epoch in range(config["epochs"]):
    inputs = torch.randn(config["batch_size"], 3, 8, 8)
    label = torch.randint(0, 3, (config["batch_size"], 8, 8))
    loss = criterion(net(inputs), label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr())
