from optim.spam import StableSPAM

__all__ = ["StableSPAM"]
