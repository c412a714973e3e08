"""Entry point: train MonoLayout for a few epochs on synthetic batches."""
from dataclasses import dataclass

import torch

from trainer import Trainer


@dataclass
class Options:
    lr: float = 1e-3
    lambda_D: float = 0.01
    discr_train_epoch: int = 0
    num_epochs: int = 2
    batch_size: int = 2
    occ_map_size: int = 16


def make_loader(opt, n_batches=2):
    return [{"color": torch.randn(opt.batch_size, 3, opt.occ_map_size, opt.occ_map_size),
             "static_gt": torch.randint(0, 2, (opt.batch_size, opt.occ_map_size, opt.occ_map_size)),
             "discr": torch.randn(opt.batch_size, 2, opt.occ_map_size, opt.occ_map_size)}
            for _ in range(n_batches)]


torch.manual_seed(0)
opt = Options()
trainer = Trainer(opt)
loader = make_loader(opt)
history = []
for trainer.epoch in range(opt.num_epochs):
    history.append(trainer.run_epoch(loader))
final_loss = torch.tensor(history[-1]["loss"])
