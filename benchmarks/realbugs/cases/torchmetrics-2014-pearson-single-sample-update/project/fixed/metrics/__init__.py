from metrics.pearson import PearsonCorrCoef

__all__ = ["PearsonCorrCoef"]
