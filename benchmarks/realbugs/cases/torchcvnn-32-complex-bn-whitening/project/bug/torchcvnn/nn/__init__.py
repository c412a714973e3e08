from .batchnorm import BatchNorm1d
