import numpy as np
import torch

from layers import ReLUDropout
from saliency import input_gradient

np.random.seed(0)

block = ReLUDropout(p=0.1, inplace=False)
inputs = torch.from_numpy(np.random.randn(4, 6, 10, 10)).float()
grad = input_gradient(block, inputs)
