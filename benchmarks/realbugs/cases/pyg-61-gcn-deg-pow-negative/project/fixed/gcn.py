import torch

from nn.conv import GCNConv

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = GCNConv(5, 8)

    def forward(self, x, edge_index, edge_attr):
        return self.conv1(x, edge_index, edge_attr)


x = torch.randn(4, 5)
edge_index = torch.tensor([[0, 1, 1, 2, 2, 3], [1, 0, 2, 1, 3, 2]])
edge_attr = torch.randn(6)
model = Net()
out = model(x, edge_index, edge_attr)
