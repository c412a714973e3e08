import torch
from model import Separator
from torch_log_wmse import LogWMSE

torch.manual_seed(0)
model = Separator()
loss_function = LogWMSE(audio_length=1, return_as_loss=True)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    mix = torch.randn(2, 1, 4410)
    target = torch.randn(2, 1, 1, 4410) * 0.5
    mix[0] = 0.0
    target[0] = 0.0
    est = model(mix)
    loss = loss_function(mix, est, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
