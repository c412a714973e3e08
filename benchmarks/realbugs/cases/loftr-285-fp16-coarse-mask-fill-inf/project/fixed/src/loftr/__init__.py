from .loftr import LoFTR
