import torch.nn as nn

from fully_connected_modules import FCStack


class ConcatCombinerModel(nn.Module):
    def __init__(self, input_size, config):
        super().__init__()
        self.fc_stack = FCStack(input_size, num_layers=config["num_fc_layers"], default_output_size=config["output_size"],
                                default_norm=config["norm"])
        self.decoder = nn.Linear(config["output_size"], 1)

    def forward(self, features):
        return self.decoder(self.fc_stack(features)).squeeze(-1)
