import torch

torch.manual_seed(0)
verts = torch.rand(6, 3)
faces = torch.tensor([[0, 1, 2], [2, 3, 4], [3, 4, 5]])
verts[4] = verts[3]
verts.requires_grad_(True)

v = verts[faces]
edges = v - v.roll(1, dims=1)
lengths = torch.sqrt((edges ** 2).sum(dim=-1) + 1e-12)
loss = ((lengths - lengths.mean()) ** 2).mean()
loss.backward()
