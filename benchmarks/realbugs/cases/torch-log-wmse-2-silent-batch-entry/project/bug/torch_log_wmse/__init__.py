from .metric import LogWMSE
