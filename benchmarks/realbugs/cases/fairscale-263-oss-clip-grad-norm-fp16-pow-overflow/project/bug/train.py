import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn

from fairscale.optim import OSS

torch.manual_seed(0)
dist.init_process_group("gloo", init_method="file://" + tempfile.mkdtemp() + "/pg", rank=0, world_size=1)

model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 64)).half()
optimizer = OSS(params=model.parameters(), optim=torch.optim.SGD, lr=1e-3)
loss_scale = 2.0 ** 3  # current scale of the fp16 trainer's dynamic loss scaler
clip_norm = 1.0

grad_norms = []
for step in range(2):
    x = torch.randn(32, 64).half()
    target = torch.randn(32, 64).half()
    optimizer.zero_grad()
    loss = ((model(x).float() - target.float()) ** 2).sum()
    (loss * loss_scale).backward()
    for p in model.parameters():
        p.grad.div_(loss_scale)  # unscale
    grad_norm = optimizer.clip_grad_norm(clip_norm)
    grad_norms.append(grad_norm)
    optimizer.step()

dist.destroy_process_group()
print(grad_norms)
