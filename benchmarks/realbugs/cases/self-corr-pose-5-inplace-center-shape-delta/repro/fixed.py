# kywind/self-corr-pose#5, fixed as the reporter did: centre the deformation out of place.
import torch
import torch.nn as nn


class CondNeRFModel(nn.Module):
    def __init__(self, codesize=8, hidden=32, out_channel=3):
        super().__init__()
        self.layer1 = nn.Linear(3 + codesize, hidden)
        self.fc_out = nn.Linear(hidden, out_channel + 1)

    def forward(self, x, code):
        h = torch.relu(self.layer1(torch.cat([x, code], -1)))
        return torch.tanh(self.fc_out(h))


torch.manual_seed(0)
shapenerf = CondNeRFModel()
mean_v = torch.randn(1, 50, 3, requires_grad=True)
shape_code = torch.randn(4, 8)
code = shape_code[:, None, :].expand(-1, 50, -1)
x = mean_v.detach().expand(4, -1, -1)
shape_delta = shapenerf(x, code)[:, :, :-1]
shape_delta = shape_delta - shape_delta.mean(1, keepdims=True)
pred_v = mean_v + shape_delta * 1.0
loss = pred_v.pow(2).mean()
loss.backward()
