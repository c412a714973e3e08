"""darts WeibullLikelihood: the softplus of a very negative output is exactly 0.

Source: https://github.com/unit8co/darts/issues/2012

"""
from typing import Tuple

import torch
import torch.nn as nn
from torch.distributions import Weibull as _Weibull


class Likelihood:
    def __init__(self, prior_strength=1.0):
        self.prior_strength = prior_strength

    def compute_loss(self, model_output: torch.Tensor, target: torch.Tensor):
        params_out = self._params_from_output(model_output)
        distr = self._distr_from_params(params_out)
        loss = -distr.log_prob(target).mean()
        return loss


class WeibullLikelihood(Likelihood):
    def __init__(self, prior_strength=1.0):
        """
        Weibull distribution.

        - Univariate continuous distribution
        - Support: :math:`\\mathbb{R}_{>0}`.
        - Parameters: scale :math:`\\lambda > 0` and concentration :math:`k > 0`.
        """
        self.softplus = nn.Softplus()
        super().__init__(prior_strength)

    def _distr_from_params(self, params: Tuple):
        lmba, k = params
        return _Weibull(lmba, k)

    @property
    def num_parameters(self) -> int:
        return 2

    def _params_from_output(self, model_output):
        lmbda = self.softplus(model_output[:, :, :, 0])
        k = self.softplus(model_output[:, :, :, 1])
        return lmbda, k


class _BlockRNNModule(nn.Module):
    def __init__(self, input_chunk_length, output_chunk_length, nr_params, hidden_dim=16):
        super().__init__()
        self.output_chunk_length = output_chunk_length
        self.nr_params = nr_params
        self.rnn = nn.GRU(1, hidden_dim, batch_first=True)
        self.fc = nn.Linear(hidden_dim, output_chunk_length * nr_params)

    def forward(self, x):
        out, hidden = self.rnn(x)
        predictions = self.fc(hidden[-1])
        # (batch, output_chunk_length, target_dim, nr_params)
        return predictions.view(x.shape[0], self.output_chunk_length, 1, self.nr_params)

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
