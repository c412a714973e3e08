from .stoi import NegSTOILoss
