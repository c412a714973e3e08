import torch
from torch import nn

from utils.losses import get_loss


class SFTTrainer:
    def __init__(self, model: nn.Module, loss_function: str = "CrossEntropyLoss", poly_eps: float = 1.0, lr: float = 1e-4):
        self.model = model
        self.loss_fct = get_loss(loss_function, poly_eps)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def compute_loss(self, model, inputs, return_outputs=False):
        labels_mask = inputs.pop("label_masks")
        targets = inputs.pop("targets")

        logits = model(inputs["input_ids"])

        loss = self.loss_fct(logits, targets, mask=labels_mask)

        return (loss, logits) if return_outputs else loss

    def training_step(self, inputs):
        self.model.train()
        loss = self.compute_loss(self.model, dict(inputs))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.detach()
