from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_features: int = 6
    hidden: int = 16
    lr: float = 1e-3
    epochs: int = 1
    rate_is_log: bool = False
