import torch
from models.dcgan import Generator, Discriminator
from utils.losses import loss_dcgan_dis, loss_dcgan_gen

torch.manual_seed(0)
G, D = Generator(), Discriminator()
with torch.no_grad():
    D.net[2].bias.fill_(25.0)
opt_G = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_D = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))

for step in range(2):
    real = torch.randn(16, 16) * 3 + 2
    fake = G(torch.randn(16, 8))
    dis_loss = loss_dcgan_dis(D(real), D(fake.detach()))
    opt_D.zero_grad()
    dis_loss.backward()
    opt_D.step()

    gen_loss = loss_dcgan_gen(D(fake))
    opt_G.zero_grad()
    gen_loss.backward()
    opt_G.step()
    print(step, dis_loss.item(), gen_loss.item())
