from dataclasses import dataclass


@dataclass
class HeadConfig:
    d_in: int = 8
    d_out: int = 2
    softplus_beta: float = 1e-6
    half: bool = True
