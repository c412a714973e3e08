from .cox import CoxPHLoss
