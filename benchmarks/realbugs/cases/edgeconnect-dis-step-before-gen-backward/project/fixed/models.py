import torch
import torch.nn as nn
import torch.optim as optim

from networks import Discriminator, EdgeGenerator


class AdversarialLoss(nn.Module):
    def __init__(self):
        super(AdversarialLoss, self).__init__()
        self.criterion = nn.BCELoss()

    def forward(self, outputs, is_real, is_disc=None):
        labels = torch.ones_like(outputs) if is_real else torch.zeros_like(outputs)
        return self.criterion(outputs, labels)


class EdgeModel(nn.Module):
    def __init__(self, config):
        super(EdgeModel, self).__init__()
        self.config = config
        self.iteration = 0
        self.generator = EdgeGenerator()
        self.discriminator = Discriminator(in_channels=2, use_sigmoid=True)
        self.l1_loss = nn.L1Loss()
        self.adversarial_loss = AdversarialLoss()
        self.gen_optimizer = optim.Adam(self.generator.parameters(), lr=config["LR"], betas=(config["BETA1"], config["BETA2"]))
        self.dis_optimizer = optim.Adam(self.discriminator.parameters(), lr=config["LR"] * config["D2G_LR"],
                                        betas=(config["BETA1"], config["BETA2"]))

    def forward(self, images, edges, masks):
        edges_masked = edges * (1 - masks)
        images_masked = images * (1 - masks) + masks
        inputs = torch.cat((images_masked, edges_masked, masks), dim=1)
        return self.generator(inputs)

    def process(self, images, edges, masks):
        self.iteration += 1
        self.gen_optimizer.zero_grad()
        self.dis_optimizer.zero_grad()
        outputs = self(images, edges, masks)
        gen_loss = 0
        dis_loss = 0

        dis_input_real = torch.cat((images, edges), dim=1)
        dis_input_fake = torch.cat((images, outputs.detach()), dim=1)
        dis_real, dis_real_feat = self.discriminator(dis_input_real)
        dis_fake, dis_fake_feat = self.discriminator(dis_input_fake)
        dis_loss += (self.adversarial_loss(dis_real, True, True) + self.adversarial_loss(dis_fake, False, True)) / 2

        gen_input_fake = torch.cat((images, outputs), dim=1)
        gen_fake, gen_fake_feat = self.discriminator(gen_input_fake)
        gen_loss += self.adversarial_loss(gen_fake, True, False)
        gen_fm_loss = 0
        for i in range(len(dis_real_feat)):
            gen_fm_loss += self.l1_loss(gen_fake_feat[i], dis_real_feat[i].detach())
        gen_loss += gen_fm_loss * self.config["FM_LOSS_WEIGHT"]
        return outputs, gen_loss, dis_loss

    def backward(self, gen_loss=None, dis_loss=None):
        if dis_loss is not None:
            dis_loss.backward()
        if gen_loss is not None:
            gen_loss.backward()
        self.dis_optimizer.step()
        self.gen_optimizer.step()
