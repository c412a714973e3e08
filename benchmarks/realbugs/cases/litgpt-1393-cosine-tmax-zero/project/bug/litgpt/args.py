from dataclasses import dataclass


@dataclass
class TrainArgs:
    global_batch_size: int = 8
    micro_batch_size: int = 4
    lr_warmup_steps: int = 6
    max_steps: int = 6
    learning_rate: float = 3e-4
