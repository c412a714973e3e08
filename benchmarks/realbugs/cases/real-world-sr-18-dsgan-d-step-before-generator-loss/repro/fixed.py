# Standard fix: score the fake images with the updated discriminator (fake_tex recomputed
# after optimizer_d.step()) before building the generator loss.
import torch
import torch.optim as optim
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Generator(nn.Module):
    def __init__(self, n_res_blocks=8):
        super(Generator, self).__init__()
        self.block_input = nn.Sequential(
            nn.Conv2d(3, 16, kernel_size=3, padding=1),
            nn.PReLU()
        )
        self.res_blocks = nn.ModuleList([ResidualBlock(16) for _ in range(n_res_blocks)])
        self.block_output = nn.Conv2d(16, 3, kernel_size=3, padding=1)

    def forward(self, x):
        block = self.block_input(x)
        for res_block in self.res_blocks:
            block = res_block(block)
        block = self.block_output(block)
        return torch.sigmoid(block)


class Discriminator(nn.Module):
    def __init__(self, recursions=1, stride=1, kernel_size=5, gaussian=False, wgan=False, highpass=True):
        super(Discriminator, self).__init__()
        if highpass:
            self.filter = FilterHigh(recursions=recursions, stride=stride, kernel_size=kernel_size, include_pad=False)
        else:
            self.filter = None
        self.net = DiscriminatorBasic(n_input_channels=3)
        self.wgan = wgan

    def forward(self, x, y=None):
        if self.filter is not None:
            x = self.filter(x)
        x = self.net(x)
        if y is not None:
            x -= self.net(self.filter(y)).mean(0, keepdim=True)
        if not self.wgan:
            x = torch.sigmoid(x)
        return x


class DiscriminatorBasic(nn.Module):
    def __init__(self, n_input_channels=3):
        super(DiscriminatorBasic, self).__init__()
        self.net = nn.Sequential(
            nn.Conv2d(n_input_channels, 16, kernel_size=5, padding=2),
            nn.LeakyReLU(0.2),

            nn.Conv2d(16, 32, kernel_size=5, padding=2),
            nn.BatchNorm2d(32),
            nn.LeakyReLU(0.2),

            nn.Conv2d(32, 64, kernel_size=5, padding=2),
            nn.BatchNorm2d(64),
            nn.LeakyReLU(0.2),

            nn.Conv2d(64, 1, kernel_size=1)
        )

    def forward(self, x):
        return self.net(x)


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super(ResidualBlock, self).__init__()
        self.conv1 = nn.Conv2d(channels, channels, kernel_size=3, padding=1)
        self.prelu = nn.PReLU()
        self.conv2 = nn.Conv2d(channels, channels, kernel_size=3, padding=1)

    def forward(self, x):
        residual = self.conv1(x)
        residual = self.prelu(residual)
        residual = self.conv2(residual)
        return x + residual


class FilterLow(nn.Module):
    def __init__(self, recursions=1, kernel_size=5, stride=1, padding=True, include_pad=True):
        super(FilterLow, self).__init__()
        if padding:
            pad = int((kernel_size - 1) / 2)
        else:
            pad = 0
        self.filter = nn.AvgPool2d(kernel_size=kernel_size, stride=stride, padding=pad, count_include_pad=include_pad)
        self.recursions = recursions

    def forward(self, img):
        for i in range(self.recursions):
            img = self.filter(img)
        return img


class FilterHigh(nn.Module):
    def __init__(self, recursions=1, kernel_size=5, stride=1, include_pad=True, normalize=True):
        super(FilterHigh, self).__init__()
        self.filter_low = FilterLow(recursions=1, kernel_size=kernel_size, stride=stride, include_pad=include_pad)
        self.recursions = recursions
        self.normalize = normalize

    def forward(self, img):
        if self.recursions > 1:
            for i in range(self.recursions - 1):
                img = self.filter_low(img)
        img = img - self.filter_low(img)
        if self.normalize:
            return 0.5 + img * 0.5
        else:
            return img


def generator_loss(labels, wasserstein=False, weights=None):
    if not isinstance(labels, list):
        labels = (labels,)
    if weights is None:
        weights = [1.0 / len(labels)] * len(labels)
    loss = 0.0
    for label, weight in zip(labels, weights):
        if wasserstein:
            loss += weight * torch.mean(-label)
        else:
            loss += weight * torch.mean(-torch.log(label + 1e-8))
    return loss


def discriminator_loss(reals, fakes, wasserstein=False, grad_penalties=None, weights=None):
    if not isinstance(reals, list):
        reals = (reals,)
    if not isinstance(fakes, list):
        fakes = (fakes,)
    if weights is None:
        weights = [1.0 / len(fakes)] * len(fakes)
    loss = 0.0
    for real, fake, weight in zip(reals, fakes, weights):
        loss += weight * (-torch.log(real + 1e-8).mean() - torch.log(1 - fake + 1e-8).mean())
    return loss


class GeneratorLoss(nn.Module):
    def __init__(self, recursions=1, stride=1, kernel_size=5, wgan=False, w_col=1, w_tex=0.005, **kwargs):
        super(GeneratorLoss, self).__init__()
        self.pixel_loss = nn.L1Loss()
        self.color_filter = FilterLow(recursions=recursions, stride=stride, kernel_size=kernel_size, padding=False)
        self.wasserstein = wgan
        self.w_col = w_col
        self.w_tex = w_tex
        self.last_tex_loss = 0
        self.last_col_loss = 0

    def forward(self, tex_labels, out_images, target_images):
        # Adversarial Texture Loss
        self.last_tex_loss = generator_loss(tex_labels, wasserstein=self.wasserstein)
        # Color Loss
        self.last_col_loss = self.color_loss(out_images, target_images)
        loss = self.w_col * self.last_col_loss + self.w_tex * self.last_tex_loss
        return loss

    def color_loss(self, x, y):
        return self.pixel_loss(self.color_filter(x), self.color_filter(y))


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
