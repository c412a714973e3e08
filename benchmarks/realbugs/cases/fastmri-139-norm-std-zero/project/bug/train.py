import torch
import torch.nn.functional as F
from models.varnet import NormUnet, VarNetBlock

torch.manual_seed(0)
model = VarNetBlock(NormUnet(chans=8))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def load_slices(batch_size=2, size=16):
    images = torch.randn(batch_size, 2, size, size)
    images[-1] = 0.0
    kspace = torch.fft.fft2(torch.complex(images[:, 0], images[:, 1]))
    mask = torch.rand(1, size, size) > 0.5
    masked = torch.where(mask, kspace, torch.zeros_like(kspace))
    zero_filled = torch.fft.ifft2(masked)
    return torch.stack([zero_filled.real, zero_filled.imag], 1), masked, mask, images


for step in range(2):
    current, masked, mask, target = load_slices()
    output = model(current, masked, mask)
    loss = F.l1_loss(output, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
