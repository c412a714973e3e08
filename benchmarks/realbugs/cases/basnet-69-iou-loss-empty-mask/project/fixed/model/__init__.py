from .BASNet import BASNet
