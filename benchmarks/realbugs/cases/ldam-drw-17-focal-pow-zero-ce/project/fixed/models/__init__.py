from .resnet_cifar import resnet32
