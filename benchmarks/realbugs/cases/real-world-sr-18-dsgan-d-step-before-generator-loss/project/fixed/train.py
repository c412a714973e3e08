import torch
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

from loss import GeneratorLoss, discriminator_loss
from model import Discriminator, Generator

torch.manual_seed(0)

# source-domain crops (input_img) and target-domain crops for the discriminator (disc_img)
train_set = TensorDataset(torch.rand(8, 3, 32, 32), torch.rand(8, 3, 32, 32))
train_loader = DataLoader(dataset=train_set, batch_size=4, shuffle=True)

model_g = Generator(n_res_blocks=2)
model_d = Discriminator(kernel_size=5, gaussian=False, wgan=False, highpass=True)
g_loss_module = GeneratorLoss(kernel_size=5, w_col=1, w_tex=0.005)

optimizer_g = optim.Adam(model_g.parameters(), lr=0.0002, betas=[0.5, 0.999])
optimizer_d = optim.Adam(model_d.parameters(), lr=0.0002, betas=[0.5, 0.999])

disc_freq = 1
gen_freq = 1
iteration = 1
for epoch in range(1, 2):
    model_g.train()
    model_d.train()

    for input_img, disc_img in train_loader:
        iteration += 1

        # Estimate scores of fake and real images
        fake_img = model_g(input_img)
        real_tex = model_d(disc_img)
        fake_tex = model_d(fake_img)

        # Update Discriminator network
        if iteration % disc_freq == 0:
            model_d.zero_grad()
            d_tex_loss = discriminator_loss(real_tex, fake_tex, wasserstein=False)
            d_tex_loss.backward(retain_graph=True)
            optimizer_d.step()

        # Update Generator network
        if iteration % gen_freq == 0:
            model_g.zero_grad()
            fake_tex = model_d(fake_img)
            g_loss = g_loss_module(fake_tex, fake_img, input_img)
            assert not torch.isnan(g_loss), 'Generator loss returns NaN values'
            g_loss.backward()
            optimizer_g.step()

        print(iteration, 'd_tex_loss %.4f g_loss %.4f' % (d_tex_loss.item(), g_loss.item()))
