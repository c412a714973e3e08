# leftthomas/SRGAN#74: g_loss.backward() reuses fake_out computed before optimizerD.step() (error since 1.5).
import torch
import torch.nn as nn

torch.manual_seed(0)

netG = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.PReLU(), nn.Conv2d(8, 3, 3, padding=1))
netD = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1),
                     nn.Conv2d(8, 1, 1), nn.Sigmoid())
optimizerG = torch.optim.Adam(netG.parameters())
optimizerD = torch.optim.Adam(netD.parameters())
mse_loss = nn.MSELoss()


def generator_criterion(out_labels, out_images, target_images):
    adversarial_loss = torch.mean(1 - out_labels)
    image_loss = mse_loss(out_images, target_images)
    return image_loss + 0.001 * adversarial_loss


for data, target in [(torch.rand(2, 3, 8, 8), torch.rand(2, 3, 8, 8))]:
    ############################
    # (1) Update D network: maximize D(x)-1-D(G(z))
    ###########################
    real_img = target
    z = data
    fake_img = netG(z)
    netD.zero_grad()
    real_out = netD(real_img).mean()
    fake_out = netD(fake_img).mean()
    d_loss = 1 - real_out + fake_out
    d_loss.backward(retain_graph=True)
    optimizerD.step()

    ############################
    # (2) Update G network: minimize 1-D(G(z)) + Image Loss
    ###########################
    netG.zero_grad()
    g_loss = generator_criterion(fake_out, fake_img, real_img)
    g_loss.backward()
    optimizerG.step()
