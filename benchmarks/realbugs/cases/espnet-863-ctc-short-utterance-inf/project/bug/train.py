import torch

from nets.e2e_asr import E2E

torch.manual_seed(0)

idim, odim = 20, 12
model = E2E(idim, odim)
optimizer = torch.optim.Adadelta(model.parameters(), rho=0.95, eps=1e-8)

# batch of 3 utterances
ilens = torch.tensor([80, 64, 20])
xs_pad = torch.randn(3, 80, idim)
for i, l in enumerate(ilens):
    xs_pad[i, l:] = 0.0
ys_pad = torch.full((3, 8), -1, dtype=torch.long)
ys_pad[0, :6] = torch.tensor([3, 5, 7, 2, 9, 4])
ys_pad[1, :5] = torch.tensor([1, 4, 4, 8, 2])
ys_pad[2, :8] = torch.tensor([6, 2, 11, 3, 5, 10, 7, 1])

model.train()
loss = model(xs_pad, ilens, ys_pad)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print("loss", loss.item())
