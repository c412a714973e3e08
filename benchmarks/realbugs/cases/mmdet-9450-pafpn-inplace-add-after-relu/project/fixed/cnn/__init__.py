from .conv_module import ConvModule
