# LANfactory PR #103 review: eval-mode "logits" output -log(1 + exp(-x)) overflows to -inf for very negative logits.
import torch
import torch.nn as nn

torch.manual_seed(0)


class TorchMLP(nn.Module):
    def __init__(self, layer_sizes, train_output_type="logits"):
        super().__init__()
        self.train_output_type = train_output_type
        self.layers = nn.ModuleList()
        for i in range(len(layer_sizes) - 1):
            self.layers.append(nn.Linear(layer_sizes[i], layer_sizes[i + 1]))
            if i < len(layer_sizes) - 2:
                self.layers.append(nn.Tanh())
        self.len_layers = len(self.layers)

    def forward(self, x):
        for i in range(self.len_layers - 1):
            x = self.layers[i](x)
        if self.training or self.train_output_type == "logprob":
            return self.layers[-1](x)
        elif self.train_output_type == "logits":
            return -torch.log(
                (1 + torch.exp(-self.layers[-1](x)))
            )  # log ( 1 / (1 + exp(-x))), where x = log(p / (1 - p))
        else:
            return self.layers[-1](x)


model = TorchMLP([3, 16, 1])
with torch.no_grad():
    model.layers[-1].bias.fill_(-100.0)  # a choice-probability network far out in the tail
model.eval()
x = torch.randn(8, 3)
log_p = model(x)
