from dataclasses import dataclass


@dataclass
class SigLipConfig:
    vision_dim: int = 16
    text_dim: int = 12
    embed_dim: int = 8
    logit_scale_init: float = 100.0
    logit_bias_init: float = -10.0
    lr: float = 1e-3
