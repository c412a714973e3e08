import torch
import torch.nn as nn
import torch.optim as optim


class G_Net(nn.Module):
    def __init__(self, input_channels=3, ngf=16):
        super(G_Net, self).__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(input_channels + 1, ngf, 3, padding=1),
            nn.ReLU(True),
            nn.Conv2d(ngf, ngf, 3, padding=1),
            nn.ReLU(True),
        )
        self.conv_out = nn.Conv2d(ngf, 3, 3, padding=1)

    def forward(self, x, mask):
        x = torch.cat([x * (1 - mask), mask], dim=1)
        x = self.encoder(x)
        return (torch.tanh(self.conv_out(x)) + 1) / 2


class D_Net(nn.Module):
    def __init__(self, in_channels=3, use_sigmoid=True):
        super(D_Net, self).__init__()
        self.use_sigmoid = use_sigmoid
        self.conv1 = nn.Sequential(
            nn.Conv2d(in_channels, 16, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.conv2 = nn.Sequential(
            nn.Conv2d(16, 32, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.conv3 = nn.Conv2d(32, 1, 3, padding=1)

    def forward(self, x):
        conv1 = self.conv1(x)
        conv2 = self.conv2(conv1)
        conv3 = self.conv3(conv2)
        outputs = conv3
        if self.use_sigmoid:
            outputs = torch.sigmoid(conv3)
        return outputs, [conv1, conv2, conv3]


class AdversarialLoss(nn.Module):
    def __init__(self, type='nsgan', target_real_label=1.0, target_fake_label=0.0):
        super(AdversarialLoss, self).__init__()
        self.type = type
        self.register_buffer('real_label', torch.tensor(target_real_label))
        self.register_buffer('fake_label', torch.tensor(target_fake_label))
        if type == 'nsgan':
            self.criterion = nn.BCELoss()
        elif type == 'lsgan':
            self.criterion = nn.MSELoss()

    def __call__(self, outputs, is_real, is_disc=None):
        labels = (self.real_label if is_real else self.fake_label).expand_as(outputs)
        loss = self.criterion(outputs, labels)
        return loss


class InpaintingModel(nn.Module):
    def __init__(self, g_lr, d_lr, l1_weight, gan_weight, iter=0):
        super(InpaintingModel, self).__init__()

        self.generator = G_Net(input_channels=3)
        self.discriminator = D_Net(in_channels=3, use_sigmoid=True)

        self.l1_loss = nn.L1Loss()
        self.adversarial_loss = AdversarialLoss('nsgan')

        self.g_lr, self.d_lr = g_lr, d_lr
        self.l1_weight, self.gan_weight = l1_weight, gan_weight
        self.global_iter = iter

        self.gen_optimizer = optim.Adam(
            params=self.generator.parameters(),
            lr=float(self.g_lr),
            betas=(0., 0.9)
        )
        self.dis_optimizer = optim.Adam(
            params=self.discriminator.parameters(),
            lr=float(self.d_lr),
            betas=(0., 0.9)
        )


torch.manual_seed(67454)

model = InpaintingModel(g_lr=1e-4, d_lr=1e-5, l1_weight=1.0, gan_weight=0.1)
model.train()

gt = torch.rand(2, 3, 32, 32)
mask = torch.zeros(2, 1, 32, 32)
mask[:, :, 8:24, 8:24] = 1.0

prediction = model.generator(gt, mask)
merged_result = prediction * mask + gt * (1 - mask)

# Compute Loss
g_loss, d_loss = 0, 0

d_real, _ = model.discriminator(gt)
d_fake, _ = model.discriminator(prediction.detach())
d_real_loss = model.adversarial_loss(d_real, True, True)
d_fake_loss = model.adversarial_loss(d_fake, False, True)
d_loss = d_loss + (d_real_loss + d_fake_loss) / 2

g_fake, _ = model.discriminator(prediction)
g_gan_loss = model.adversarial_loss(g_fake, True, False)
g_loss = g_loss + model.gan_weight * g_gan_loss
g_l1_loss = model.l1_loss(gt, merged_result) / torch.mean(mask)
g_loss = g_loss + model.l1_weight * g_l1_loss

# Backward D
d_loss.backward()
model.dis_optimizer.step()
model.dis_optimizer.zero_grad()

# Backward G
g_loss.backward()
model.gen_optimizer.step()
model.gen_optimizer.zero_grad()
print('g_loss', g_loss.item(), 'd_loss', d_loss.item())
