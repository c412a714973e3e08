from dataclasses import dataclass


@dataclass
class TrainingConfig:
    batch_size: int = 7
    minibatch_size: int = 3
    norm_adv: bool = True
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    lr: float = 2.5e-4
