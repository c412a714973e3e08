from .metrics import ArcMarginProduct
