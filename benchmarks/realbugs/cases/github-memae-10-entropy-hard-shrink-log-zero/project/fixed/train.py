import torch
import torch.nn as nn

from models.entropy_loss import EntropyLossEncap
from models.memory_module import MemAE

torch.manual_seed(0)

entropy_loss_weight = 0.0002
model = MemAE(in_dim=32, fea_dim=16, mem_dim=200, shrink_thres=0.0025)
recon_loss_func = nn.MSELoss()
entropy_loss_func = EntropyLossEncap()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

frames = torch.randn(8, 32)
for it in range(2):
    recon_res = model(frames)
    recon_frames = recon_res["output"]
    att_w = recon_res["att"]
    loss = recon_loss_func(recon_frames, frames)
    recon_loss_val = loss.item()
    entropy_loss = entropy_loss_func(att_w)
    loss = loss + entropy_loss_weight * entropy_loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
