from .aev import AEVComputer
from .nn import ANIModel
