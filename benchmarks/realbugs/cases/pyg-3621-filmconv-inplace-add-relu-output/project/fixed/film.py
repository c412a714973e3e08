import torch
import torch.nn.functional as F
from torch.nn import BatchNorm1d

from nn.film_conv import FiLMConv

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, dropout=0.0):
        super().__init__()
        self.dropout = dropout

        self.convs = torch.nn.ModuleList()
        self.convs.append(FiLMConv(in_channels, hidden_channels))
        for _ in range(num_layers - 2):
            self.convs.append(FiLMConv(hidden_channels, hidden_channels))
        self.convs.append(FiLMConv(hidden_channels, out_channels, act=None))

        self.norms = torch.nn.ModuleList()
        for _ in range(num_layers - 1):
            self.norms.append(BatchNorm1d(hidden_channels))

    def forward(self, x, edge_index):
        for conv, norm in zip(self.convs[:-1], self.norms):
            x = norm(conv(x, edge_index))
            x = F.dropout(x, p=self.dropout, training=self.training)
        x = self.convs[-1](x, edge_index)
        return x


# a small PPI-like protein graph with multi-label node targets
num_nodes = 30
x = torch.randn(num_nodes, 12)
edge_index = torch.randint(0, num_nodes, (2, 120))
y = (torch.rand(num_nodes, 5) > 0.5).float()

model = Net(12, 32, 5, num_layers=3, dropout=0.1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.001)
model.train()
optimizer.zero_grad()
loss = F.binary_cross_entropy_with_logits(model(x, edge_index), y)
loss.backward()
optimizer.step()
