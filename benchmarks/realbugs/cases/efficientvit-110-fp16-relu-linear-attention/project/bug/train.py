"""Mixed-precision (fp16) training step, as run with `amp: fp16` in the training config."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from efficientvit.cls import EfficientViTCls


@dataclass
class RunConfig:
    amp: str = "fp16"
    lr: float = 1e-3
    batch_size: int = 2
    image_size: int = 32


AMP_DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def train_step(model, optimizer, images, labels, cfg):
    with torch.autocast(device_type="cpu", dtype=AMP_DTYPES[cfg.amp], enabled=cfg.amp != "fp32"):
        logits = model(images)
    loss = F.cross_entropy(logits.float(), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return logits, loss


torch.manual_seed(0)
cfg = RunConfig()
model = EfficientViTCls()
optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
images = torch.rand(cfg.batch_size, 3, cfg.image_size, cfg.image_size) * 255.0  # raw pixels, no normalisation
labels = torch.tensor([1, 7])
logits, loss = train_step(model, optimizer, images, labels, cfg)
head_weight = model.head.weight.detach()
