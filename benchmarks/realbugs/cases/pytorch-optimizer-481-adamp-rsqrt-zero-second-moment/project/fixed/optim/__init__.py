from optim.adamp import AdamP

__all__ = ["AdamP"]
