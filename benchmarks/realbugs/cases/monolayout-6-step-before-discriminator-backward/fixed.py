# manila95/monolayout#6, fixed as upstream commit 5a3465e ("Changed order of backward and
# step, to fix runtime error"): both backward passes run first, then both optimizers step.
import torch
import torch.nn as nn
import torch.optim as optim


class Encoder(nn.Module):
    def __init__(self, in_ch=3, feat=16):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, feat, 3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(feat, feat * 2, 3, stride=2, padding=1)

    def forward(self, x):
        return torch.relu(self.conv2(torch.relu(self.conv1(x))))


class Decoder(nn.Module):
    def __init__(self, feat=32, num_class=2):
        super().__init__()
        self.up1 = nn.ConvTranspose2d(feat, feat // 2, 4, stride=2, padding=1)
        self.up2 = nn.ConvTranspose2d(feat // 2, num_class, 4, stride=2, padding=1)

    def forward(self, x):
        return self.up2(torch.relu(self.up1(x)))


class Discriminator(nn.Module):
    def __init__(self, in_ch=2):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(in_ch, 8, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
            nn.Conv2d(8, 1, 4, stride=2, padding=1))

    def forward(self, x):
        return self.main(x)


class Trainer:
    def __init__(self, lr=1e-3, lambda_D=0.01, discr_train_epoch=0):
        self.models = {"encoder": Encoder(), "static_decoder": Decoder(), "discriminator": Discriminator()}
        params_G = list(self.models["encoder"].parameters()) + list(self.models["static_decoder"].parameters())
        self.model_optimizer = optim.Adam(params_G, lr)
        self.model_optimizer_D = optim.Adam(self.models["discriminator"].parameters(), lr)
        self.criterion_d = nn.BCEWithLogitsLoss()
        self.criterion = nn.CrossEntropyLoss()
        self.lambda_D = lambda_D
        self.discr_train_epoch = discr_train_epoch
        self.epoch = 1
        self.valid = torch.ones(2, 1, 4, 4)
        self.fake = torch.zeros(2, 1, 4, 4)

    def process_batch(self, inputs):
        features = self.models["encoder"](inputs["color"])
        outputs = {"topview": self.models["static_decoder"](features)}
        losses = {"loss": self.criterion(outputs["topview"], inputs["static_gt"])}
        return outputs, losses

    def run_epoch(self, batches):
        for inputs in batches:
            outputs, losses = self.process_batch(inputs)
            self.model_optimizer.zero_grad()
            fake_pred = self.models["discriminator"](outputs["topview"])
            real_pred = self.models["discriminator"](inputs["discr"])
            loss_GAN = self.criterion_d(fake_pred, self.valid)
            loss_D = self.criterion_d(fake_pred, self.fake) + self.criterion_d(real_pred, self.valid)
            loss_G = self.lambda_D * loss_GAN + losses["loss"]
            if self.epoch > self.discr_train_epoch:
                loss_G.backward(retain_graph=True)
                self.model_optimizer_D.zero_grad()
                loss_D.backward()
                self.model_optimizer.step()
                self.model_optimizer_D.step()
        return loss_G, loss_D


torch.manual_seed(0)
batches = [{"color": torch.randn(2, 3, 16, 16),
            "static_gt": torch.randint(0, 2, (2, 16, 16)),
            "discr": torch.randn(2, 2, 16, 16)}]
trainer = Trainer()
loss_G, loss_D = trainer.run_epoch(batches)
