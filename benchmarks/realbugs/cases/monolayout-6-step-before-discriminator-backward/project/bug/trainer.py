"""Training loop: supervised layout loss plus an adversarial loss on the predicted top view."""
import torch
import torch.nn as nn
import torch.optim as optim

from model import Decoder, Discriminator, Encoder


class Trainer:
    def __init__(self, opt):
        self.opt = opt
        self.models = {"encoder": Encoder(), "static_decoder": Decoder(), "discriminator": Discriminator()}
        self.parameters_to_train, self.parameters_to_train_D = [], []
        for key, model in self.models.items():
            if "discr" in key:
                self.parameters_to_train_D += list(model.parameters())
            else:
                self.parameters_to_train += list(model.parameters())
        self.model_optimizer = optim.Adam(self.parameters_to_train, opt.lr)
        self.model_optimizer_D = optim.Adam(self.parameters_to_train_D, opt.lr)
        self.criterion_d = nn.BCEWithLogitsLoss()
        self.criterion = nn.CrossEntropyLoss()
        patch = (1, opt.occ_map_size // 2 ** 2, opt.occ_map_size // 2 ** 2)
        self.valid = torch.ones((opt.batch_size, *patch))
        self.fake = torch.zeros((opt.batch_size, *patch))
        self.epoch = 0

    def process_batch(self, inputs):
        features = self.models["encoder"](inputs["color"])
        outputs = {"topview": self.models["static_decoder"](features)}
        losses = {"loss": self.criterion(outputs["topview"], inputs["static_gt"])}
        return outputs, losses

    def run_epoch(self, loader):
        loss = {"loss": 0.0, "loss_discr": 0.0}
        for inputs in loader:
            outputs, losses = self.process_batch(inputs)
            self.model_optimizer.zero_grad()
            fake_pred = self.models["discriminator"](outputs["topview"])
            real_pred = self.models["discriminator"](inputs["discr"])
            loss_GAN = self.criterion_d(fake_pred, self.valid)
            loss_D = self.criterion_d(fake_pred, self.fake) + self.criterion_d(real_pred, self.valid)
            loss_G = self.opt.lambda_D * loss_GAN + losses["loss"]

            # Train Discriminator
            if self.epoch > self.opt.discr_train_epoch:
                loss_G.backward(retain_graph=True)
                self.model_optimizer.step()
                self.model_optimizer_D.zero_grad()
                loss_D.backward()
                self.model_optimizer_D.step()
            else:
                losses["loss"].backward()
                self.model_optimizer.step()
            loss["loss"] += losses["loss"].item()
            loss["loss_discr"] += loss_D.item()
        return loss
