import torch

from semantic_val.models.model import Model

torch.manual_seed(0)

cfg = {"num_classes": 2, "alpha": [0.25, 0.75], "gamma": 2.0, "rare_class_dim": 1, "lr": 1e-3}


def load_tile(num_points=512, with_buildings=False):
    y = torch.zeros(num_points, dtype=torch.long)
    if with_buildings:
        y[:20] = 1
    return {"pos": torch.randn(num_points, 3), "x": torch.rand(num_points, 3), "y": y}


model = Model(cfg)
optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

batch = load_tile(with_buildings=False)   # a forest tile: no building point
loss, logits = model.step(batch)
optimizer.zero_grad()
loss.backward()
grad = model.net.head.weight.grad
