import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
rng = np.random.default_rng(0)

df = {"age": rng.normal(40, 10, 64), "income": rng.normal(50, 5, 64), "temperature": np.full(64, 20.0)}
cont_names = ["age", "income", "temperature"]
conts = np.stack([df[n].astype("float32") for n in cont_names], 1)
means, stds = conts.mean(0), conts.std(0)
conts = (conts - means[None]) / stds[None]

x = torch.from_numpy(conts)
y = torch.from_numpy((df["age"] > 40).astype("int64"))
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
loss = nn.functional.cross_entropy(model(x), y)
loss.backward()
