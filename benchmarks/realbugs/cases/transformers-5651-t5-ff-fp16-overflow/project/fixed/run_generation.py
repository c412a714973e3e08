import torch

from configuration_t5 import T5Config
from modeling_t5 import T5Stack

torch.manual_seed(0)

config = T5Config(d_model=16, d_ff=64, num_layers=2)
encoder = T5Stack(config)
with torch.no_grad():
    encoder.block[0].DenseReluDense.wi.weight.mul_(100.0)
    encoder.block[0].DenseReluDense.wo.weight.mul_(1000.0)
encoder = encoder.half()
inputs_embeds = torch.randn(2, 5, config.d_model).half()
with torch.no_grad():
    hidden_states = encoder(inputs_embeds)
