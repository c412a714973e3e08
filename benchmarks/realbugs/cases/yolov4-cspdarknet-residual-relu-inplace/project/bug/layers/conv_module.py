import torch.nn as nn

activate_name = {
    "relu": nn.ReLU,
    "leaky": nn.LeakyReLU,
}


class Convolutional(nn.Module):
    def __init__(self, filters_in, filters_out, kernel_size, stride=1, norm="bn", activate="relu"):
        super(Convolutional, self).__init__()
        self.__conv = nn.Conv2d(filters_in, filters_out, kernel_size, stride, kernel_size // 2, bias=not norm)
        self.__norm = nn.BatchNorm2d(filters_out)
        self.__activate = activate_name[activate]()

    def forward(self, x):
        return self.__activate(self.__norm(self.__conv(x)))
