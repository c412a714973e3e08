from .geo import DoubleGeodesicSE3

__all__ = ['DoubleGeodesicSE3']
