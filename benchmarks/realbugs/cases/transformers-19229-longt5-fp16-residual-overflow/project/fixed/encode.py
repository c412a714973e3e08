import torch

from modeling_longt5 import LongT5Stack

torch.manual_seed(0)
encoder = LongT5Stack(num_layers=1)
with torch.no_grad():
    encoder.block[0].DenseReluDense.wo.weight.mul_(6e4)   # a deep block of the checkpoint: large FF outputs
encoder = encoder.half().eval()
input_ids = torch.randint(0, 100, (1, 64))                 # 100 x "studies have shown that owning a dog ..."
# the residual stream arriving at this block on a long input already sits near the float16 limit
residual = (torch.randn(1, 64, 16) * 3e4).clamp(-6e4, 6e4).half()
with torch.no_grad():
    last_hidden_state = encoder(input_ids, residual)
print(last_hidden_state.isnan().any())
