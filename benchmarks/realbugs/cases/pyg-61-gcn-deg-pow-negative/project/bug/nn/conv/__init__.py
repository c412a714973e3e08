from .gcn_conv import GCNConv
