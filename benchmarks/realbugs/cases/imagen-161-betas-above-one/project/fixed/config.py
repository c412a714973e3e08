from dataclasses import dataclass


@dataclass
class TrainConfig:
    image_size: int = 8
    channels: int = 1
    timesteps: int = 10
    batch_size: int = 8
    lr: float = 1e-3
    steps: int = 2
