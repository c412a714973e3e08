from dataclasses import dataclass


@dataclass
class GDPOConfig:
    num_generations: int = 8
    scale_rewards: bool = True
    learning_rate: float = 1e-5
    per_device_train_batch_size: int = 8
