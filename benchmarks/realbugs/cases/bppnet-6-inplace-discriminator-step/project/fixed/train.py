import torch
from networks import Generator, Discriminator
from trainer import train_step

torch.manual_seed(0)
G = Generator()
D = Discriminator()
optimizer_G = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.999))
optimizer_D = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.999))

for epoch in range(2):
    hazy = torch.rand(2, 3, 8, 8)
    clear = torch.rand(2, 3, 8, 8)
    d_loss, g_loss = train_step(G, D, optimizer_G, optimizer_D, hazy, clear)
    print(epoch, d_loss.item(), g_loss.item())
