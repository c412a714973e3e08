import torch.nn as nn

N_IDEAS = 5
ART_COMPONENTS = 15


def make_generator():
    return nn.Sequential(
        nn.Linear(N_IDEAS, 128),
        nn.ReLU(),
        nn.Linear(128, ART_COMPONENTS),
    )


def make_discriminator():
    return nn.Sequential(
        nn.Linear(ART_COMPONENTS, 128),
        nn.ReLU(),
        nn.Linear(128, 1),
        nn.Sigmoid(),
    )
