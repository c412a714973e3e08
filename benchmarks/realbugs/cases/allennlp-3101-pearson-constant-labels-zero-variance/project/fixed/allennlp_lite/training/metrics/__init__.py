from .covariance import Covariance
from .pearson_correlation import PearsonCorrelation
