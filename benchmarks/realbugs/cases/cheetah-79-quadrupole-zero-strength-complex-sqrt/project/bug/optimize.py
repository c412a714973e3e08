import torch

from cheetah import Drift, Quadrupole, Segment

torch.manual_seed(0)
energy = torch.tensor(107e6)
segment = Segment([Drift(0.5), Quadrupole(0.2, k1=0.0), Drift(0.3), Quadrupole(0.2, k1=0.0), Drift(1.0)])
incoming = torch.randn(10000, 4) * torch.tensor([1e-3, 1e-4, 1e-3, 1e-4])
target_size = torch.tensor([5e-4, 5e-4])
optimizer = torch.optim.Adam(segment.parameters(), lr=0.1)

for step in range(3):
    optimizer.zero_grad()
    outgoing = segment.track(incoming, energy)
    beam_size = torch.stack([outgoing[:, 0].std(), outgoing[:, 2].std()])
    loss = ((beam_size - target_size) ** 2).sum()
    loss.backward()
    optimizer.step()
