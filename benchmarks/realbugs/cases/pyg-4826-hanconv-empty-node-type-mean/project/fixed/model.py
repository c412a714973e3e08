import torch.nn as nn

from han_conv import HANConv


class HAN(nn.Module):
    def __init__(self, in_channels, hidden, out_channels, metadata):
        super().__init__()
        self.conv1 = HANConv(in_channels, hidden, metadata)
        self.conv2 = HANConv(hidden, hidden, metadata)
        self.lin = nn.Linear(hidden, out_channels)

    def forward(self, x_dict, adj_dict):
        x_dict = self.conv1(x_dict, adj_dict)
        x_dict = self.conv2(x_dict, adj_dict)
        return self.lin(x_dict['author'])
