import torch.nn as nn

NORM_DICT = {
    "ln": nn.LayerNorm,
}

ACTIVATION_DICT = {
    "relu": nn.ReLU,
    "gelu": nn.GELU,
    "leakyrelu": lambda: nn.LeakyReLU(negative_slope=0.1),
}
