# https://github.com/kfzyqin/Implementation-MolGAN-PyTorch/issues/3 -- the solver backpropagates the
# generator loss with retain_graph=True and calls g_optimizer.step() (an in-place update of G's weights)
# before train_step_V.backward(); the value network's loss was computed on G's outputs, so its backward
# goes through G and needs the weights that the step has just overwritten.
import torch
import torch.nn as nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 9 * 5))
V = nn.Sequential(nn.Linear(9 * 5, 16), nn.Tanh(), nn.Linear(16, 1))
D = nn.Sequential(nn.Linear(9 * 5, 16), nn.Tanh(), nn.Linear(16, 1))
g_optimizer = torch.optim.Adam(G.parameters(), lr=1e-3)
v_optimizer = torch.optim.Adam(V.parameters(), lr=1e-3)

z = torch.randn(16, 8)
nodes_hat = torch.softmax(G(z).view(16, 9, 5), dim=-1).view(16, -1)
logits_fake = D(nodes_hat)
value_logit_fake = torch.sigmoid(V(nodes_hat))
reward_f = torch.rand(16, 1)
loss_G = -logits_fake.mean()
loss_RL = -value_logit_fake.mean()
loss_V = torch.abs(value_logit_fake - reward_f).mean()
alpha = torch.abs(loss_G.detach() / loss_RL.detach()).detach()
train_step_G = 0.5 * loss_G + 0.5 * alpha * loss_RL
train_step_V = loss_V

g_optimizer.zero_grad()
v_optimizer.zero_grad()
train_step_G.backward(retain_graph=True)
g_optimizer.step()
train_step_V.backward()
v_optimizer.step()
