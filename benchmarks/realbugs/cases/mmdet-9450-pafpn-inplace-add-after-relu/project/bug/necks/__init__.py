from .fpn import FPN
from .pafpn import PAFPN
