import torch
import torch.nn as nn


class FCLayer(nn.Module):
    def __init__(self, input_size, output_size=256, use_bias=True, norm=None, activation="relu", dropout=0.0):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(input_size, output_size, bias=use_bias)])
        if norm == "batch":
            self.layers.append(nn.BatchNorm1d(output_size))
        elif norm == "layer":
            self.layers.append(nn.LayerNorm(output_size))
        if activation == "relu":
            self.layers.append(nn.ReLU())
        if dropout > 0:
            self.layers.append(nn.Dropout(dropout))

    def forward(self, inputs, mask=None):
        hidden = inputs
        for layer in self.layers:
            hidden = layer(hidden)
        return hidden


class FCStack(nn.Module):
    def __init__(self, first_layer_input_size, layers=None, num_layers=1, default_output_size=256,
                 default_norm=None, default_activation="relu", default_dropout=0.0):
        super().__init__()
        layers = layers or [{} for _ in range(num_layers)]
        self.stack = nn.ModuleList()
        prev_size = first_layer_input_size
        for layer in layers:
            output_size = layer.get("output_size", default_output_size)
            self.stack.append(FCLayer(prev_size, output_size, norm=layer.get("norm", default_norm),
                                      activation=layer.get("activation", default_activation),
                                      dropout=layer.get("dropout", default_dropout)))
            prev_size = output_size

    def forward(self, inputs, mask=None):
        hidden = inputs
        for layer in self.stack:
            hidden = layer(hidden)
        return hidden
