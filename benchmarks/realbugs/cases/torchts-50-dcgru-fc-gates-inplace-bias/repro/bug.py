# Rose-STL-Lab/torchTS#50: DCGRUCell with fully-connected reset/update gates (use_gc_for_ru=False) computes
# value = torch.sigmoid(x @ W) and then adds the bias in place (value += self._ru_biases); sigmoid saved its
# output for backward, so loss.backward() fails with "modified by an inplace operation".
import torch
from torch import nn

torch.manual_seed(0)
num_nodes, input_dim, num_units, batch = 6, 2, 8, 3
ru_weights = nn.Parameter(torch.empty(num_units + input_dim, 2 * num_units))
ru_biases = nn.Parameter(torch.full((2 * num_units,), 1.0))
nn.init.xavier_normal_(ru_weights, gain=1.0)
cand = nn.Linear(num_units + input_dim, num_units)

inputs = torch.randn(batch * num_nodes, input_dim)
state = torch.randn(batch * num_nodes, num_units)
inputs_and_state = torch.cat([inputs, state], dim=-1)
value = torch.sigmoid(torch.matmul(inputs_and_state, ru_weights))
value += ru_biases
value = torch.sigmoid(value)
r, u = torch.split(value, num_units, dim=-1)
c = torch.tanh(cand(torch.cat([inputs, r * state], dim=-1)))
new_state = u * state + (1.0 - u) * c
loss = new_state.pow(2).mean()
loss.backward()
