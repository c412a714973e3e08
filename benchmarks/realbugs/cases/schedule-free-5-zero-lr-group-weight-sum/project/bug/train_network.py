import torch
import torch.nn as nn

from schedulefree import AdamWScheduleFree

torch.manual_seed(0)


class Args:
    unet_lr = 1e-4
    text_encoder_lr = 0.0
    max_train_steps = 3


class LoRANetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet_lora = nn.Linear(16, 16)
        self.text_encoder_lora = nn.Linear(16, 16)

    def prepare_optimizer_params(self, text_encoder_lr, unet_lr):
        return [
            {"params": self.text_encoder_lora.parameters(), "lr": text_encoder_lr},
            {"params": self.unet_lora.parameters(), "lr": unet_lr},
        ]

    def forward(self, x):
        return self.unet_lora(torch.tanh(self.text_encoder_lora(x)))


args = Args()
network = LoRANetwork()
optimizer = AdamWScheduleFree(network.prepare_optimizer_params(args.text_encoder_lr, args.unet_lr), lr=args.unet_lr)
latents = torch.randn(8, 16)
noise = torch.randn(8, 16)
for step in range(args.max_train_steps):
    loss = nn.functional.mse_loss(network(latents), noise)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
