import torch
import torch.nn.functional as F
from torch import nn


class CrossEntropyLoss(nn.CrossEntropyLoss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, ignore_index, reduce, reduction)

    def forward(self, input, target, mask=None):
        if mask is not None:
            mask = mask.view(-1).bool()
            input = input.view(-1, input.size(-1))
            target = target.view(-1)
            input = input[mask]
            target = target[mask]

        return super().forward(input, target)


class PolyLoss(nn.Module):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean", epsilon=1.0):
        super().__init__()
        self.weight = torch.tensor(weight)
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.cross_entropy = CrossEntropyLoss(weight, size_average, ignore_index, reduce, "none")
        self.epsilon = epsilon

    def forward(self, input, target, mask=None):
        if mask is not None:
            mask = mask.view(-1).bool()
            input = input.view(-1, input.size(-1))
            target = target.view(-1)
            input = input[mask]
            target = target[mask]

        onehot_target = F.one_hot(target, num_classes=input.size(-1)).to(device=input.device, dtype=input.dtype)
        pt = torch.sum(onehot_target * F.softmax(input, -1), -1)
        CE = self.cross_entropy(input, target)
        poly1 = CE + self.epsilon * (1 - pt)
        if self.reduction == "mean":
            poly1 = poly1.mean()
        elif self.reduction == "sum":
            poly1 = poly1.sum()
        return poly1


def get_loss(loss, poly_eps: float = 1.0):
    if loss == "CrossEntropyLoss":
        return CrossEntropyLoss()
    elif loss == "Poly":
        return PolyLoss(epsilon=poly_eps)
    raise ValueError(f"Loss {loss} not supported")


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

torch.manual_seed(0)

vocab_size, max_length = 64, 16


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, 32)
        self.lm_head = nn.Linear(32, vocab_size)

    def forward(self, input_ids):
        return self.lm_head(torch.tanh(self.embed(input_ids)))


def collate(conversations):
    """Truncate to max_length; only assistant tokens are trained on (label_masks)."""
    input_ids, label_masks = [], []
    for prompt, reply in conversations:
        ids = (prompt + reply)[:max_length]
        mask = ([0] * len(prompt) + [1] * len(reply))[:max_length]
        ids += [0] * (max_length - len(ids))
        mask += [0] * (max_length - len(mask))
        input_ids.append(ids)
        label_masks.append(mask)
    input_ids = torch.tensor(input_ids)
    targets = torch.roll(input_ids, -1, dims=1)
    return {"input_ids": input_ids, "targets": targets, "label_masks": torch.tensor(label_masks)}


model = TinyLM()
trainer = SFTTrainer(model, loss_function="CrossEntropyLoss")

# a micro-batch of long prompts: truncation to max_length cuts every assistant reply away
conversations = [
    (list(torch.randint(1, vocab_size, (20,)).tolist()), [5, 6, 7]),
    (list(torch.randint(1, vocab_size, (18,)).tolist()), [8, 9]),
]
batch = collate(conversations)
inputs = dict(batch)
loss = trainer.compute_loss(model, inputs)
trainer.optimizer.zero_grad()
loss.backward()
trainer.optimizer.step()
