import torch
import torch.nn as nn

from model.module.network.shape_predictor import ShapePredictor

opts = {"codedim": 8, "no_deform": False, "deform_ratio": 1.0}

torch.manual_seed(0)
mean_shape = nn.Parameter(torch.randn(1, 50, 3) * 0.3)
code_encoder = nn.Linear(16, opts["codedim"])
shape_predictor = ShapePredictor(opts)
params = [mean_shape] + list(code_encoder.parameters()) + list(shape_predictor.parameters())
optimizer = torch.optim.Adam(params, lr=1e-4)

image_feat = torch.randn(4, 16)
target_v = torch.randn(4, 50, 3) * 0.3
shape_code = code_encoder(image_feat)
pred_v = shape_predictor(mean_shape.expand(4, -1, -1), shape_code)
total_loss = (pred_v - target_v).pow(2).sum(-1)
optimizer.zero_grad()
total_loss.mean().backward()
optimizer.step()
loss = total_loss.mean()
