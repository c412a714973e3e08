# FIXED (standard fix: the zero-strength case is taken with the double-where trick, its Taylor form 1 - k L^2 / 2)
# https://github.com/desy-ml/cheetah/issues/79 -- base_rmatrix builds the quadrupole transfer map from
# kx = sqrt(complex(k1 + hx^2)) and cx = cos(kx * length).real; with the magnet strength initialised to
# zero (the example notebook's starting point) kx = 0 and the derivative of the square root is infinite,
# so d cx / d k1 = -sin(0) * length * inf = NaN and the optimisation of the magnet settings fails.
import torch

length = torch.tensor(0.2)
hx = torch.tensor(0.0)
k1 = torch.tensor(0.0, requires_grad=True)          # quadrupole strength, initialised to zero
particles = torch.randn(1000, 2) * torch.tensor([1e-3, 1e-4])

kx2 = k1 + hx ** 2
is_zero = kx2 == 0
kx = torch.sqrt(torch.complex(torch.where(is_zero, torch.ones_like(kx2), kx2), torch.tensor(0.0)))
cx = torch.where(is_zero, 1 - 0.5 * kx2 * length ** 2, torch.cos(kx * length).real)
sx = torch.where(is_zero, length, (torch.sin(kx * length) / kx).real)
R = torch.stack([torch.stack([cx, sx * torch.ones(())]), torch.stack([-kx2 * sx, cx])])
drift = torch.tensor([[1.0, 2.0], [0.0, 1.0]])
out = particles @ (drift @ R).T
beam_size = out[:, 0].std()
loss = (beam_size - 5e-4).abs()
loss.backward()
