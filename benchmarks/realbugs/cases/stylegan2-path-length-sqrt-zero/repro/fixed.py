import torch
import torch.nn as nn

torch.manual_seed(0)
num_ws, w_dim = 2, 8
mapping = nn.Linear(w_dim, w_dim)
synthesis = nn.Sequential(nn.Linear(w_dim, 16), nn.LeakyReLU(0.2), nn.Linear(16, 12), nn.Tanh())
with torch.no_grad():
    synthesis[2].bias.fill_(30.0)
pl_mean = torch.zeros([])

z = torch.randn(4, w_dim)
gen_ws = mapping(z).unsqueeze(1).repeat(1, num_ws, 1)
gen_img = synthesis(gen_ws.mean(1))
pl_noise = torch.randn_like(gen_img) / 3.0
pl_grads = torch.autograd.grad(outputs=[(gen_img * pl_noise).sum()], inputs=[gen_ws], create_graph=True, only_inputs=True)[0]
pl_lengths = (pl_grads.square().sum(2).mean(1) + 1e-8).sqrt()
pl_mean = pl_mean.lerp(pl_lengths.mean(), 0.01)
pl_penalty = (pl_lengths - pl_mean).square()
loss_Gpl = pl_penalty.mean() * 2.0
loss_Gpl.backward()
print("loss_Gpl", loss_Gpl.item())
