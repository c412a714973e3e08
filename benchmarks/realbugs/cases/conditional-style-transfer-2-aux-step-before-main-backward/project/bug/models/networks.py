import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, ngf=8):
        super(Generator, self).__init__()
        self.model_enc = nn.Sequential(
            nn.Conv2d(3, ngf, 3, padding=1), nn.ReLU(),
            nn.Conv2d(ngf, ngf, 3, padding=1), nn.ReLU())
        self.model_dec_aux = nn.Conv2d(ngf, 3, 3, padding=1)
        self.model_merge = nn.Conv2d(2 * ngf, ngf, 1)
        self.model_dec = nn.Conv2d(ngf, 3, 3, padding=1)

    @staticmethod
    def freeze_params(module):
        for p in module.parameters():
            p.requires_grad = False

    @staticmethod
    def unfreeze_params(module):
        for p in module.parameters():
            p.requires_grad = True

    def optimize_aux(self):
        self.unfreeze_params(self.model_enc)
        self.unfreeze_params(self.model_dec_aux)
        self.freeze_params(self.model_merge)
        self.freeze_params(self.model_dec)

    def optimize_main(self):
        self.freeze_params(self.model_enc)
        self.freeze_params(self.model_dec_aux)
        self.unfreeze_params(self.model_merge)
        self.unfreeze_params(self.model_dec)

    def optimize_all(self):
        for m in [self.model_enc, self.model_dec_aux, self.model_merge, self.model_dec]:
            self.unfreeze_params(m)

    def forward(self, inputs):
        real_A, style_B = inputs
        z_A = self.model_enc(real_A)
        z_S = self.model_enc(style_B)
        fake_B = torch.tanh(self.model_dec(self.model_merge(torch.cat([z_A, z_S.expand_as(z_A)], dim=1))))
        rec_A_aux = torch.tanh(self.model_dec_aux(z_A))
        return fake_B, rec_A_aux, {'cont': z_A, 'style': z_S}


class Discriminator(nn.Module):
    def __init__(self, ndf=8):
        super(Discriminator, self).__init__()
        self.model = nn.Sequential(
            nn.Conv2d(6, ndf, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
            nn.Conv2d(ndf, 1, 4, stride=2, padding=1))

    def forward(self, inputs):
        img, style = inputs
        return self.model(torch.cat([img, style.expand_as(img)], dim=1))
