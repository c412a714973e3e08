from models.resnet import PreActResNet

__all__ = ["PreActResNet"]
