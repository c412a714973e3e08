import torch
from model import TokenPredictor
from loss_functions import ssl_l1_loss
from data import sample_batch

torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
model = TokenPredictor()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

tokens, obs, available = sample_batch(g)
optimizer.zero_grad()
loss = ssl_l1_loss(model(tokens), obs, available.float())
loss.backward()
optimizer.step()
print("loss", loss.item())
