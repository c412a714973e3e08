from .block import PSABlock
from .conv import Conv
