import torch

from darts.models.block_rnn_model import _BlockRNNModule
from darts.utils.likelihood_models import WeibullLikelihood

torch.manual_seed(0)
likelihood = WeibullLikelihood()
model = _BlockRNNModule(input_chunk_length=12, output_chunk_length=6,
                        nr_params=likelihood.num_parameters)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# model state reached during training: the bias feeding the scale parameter has
# drifted far negative (the reporter saw scales of 1e-30 just before the crash)
with torch.no_grad():
    model.fc.bias[0::2] = -110.0
    model.fc.bias[1::2] = 0.5

past = torch.rand(32, 12, 1)
target = torch.rand(32, 6, 1) + 0.1

optimizer.zero_grad()
model_output = model(past)
loss = likelihood.compute_loss(model_output, target)
loss.backward()
optimizer.step()
