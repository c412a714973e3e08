import torch

from k_diffusion.models.image_transformer_v2 import SelfAttentionBlock

torch.manual_seed(0)

model = SelfAttentionBlock(64, 16)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
with torch.no_grad():
    model.scale[1] = -0.02
x = torch.randn(2, 10, 64)
optimizer.zero_grad()
out = model(x)
loss = out.pow(2).mean()
loss.backward()
optimizer.step()
