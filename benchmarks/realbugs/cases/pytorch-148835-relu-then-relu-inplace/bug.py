# pytorch/pytorch#148835: relu followed by relu_ mutates the output relu saved for backward.
import torch

torch.manual_seed(0)


class SimpleModel(torch.nn.Module):
    def __init__(self):
        super(SimpleModel, self).__init__()
        self.linear = torch.nn.Linear(10, 10)

    def forward(self, x):
        x = self.linear(x)
        x = torch.nn.functional.relu(x)
        x = torch.nn.functional.relu_(x)
        return x


model = SimpleModel()
inputs = torch.randn(1, 10)
out = model(inputs)
out.sum().backward()
