from typing import Tuple

import torch
import torch.nn as nn
from torch.distributions import Weibull as _Weibull

MIN_POSITIVE = 1e-6


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
        lmbda = self.softplus(model_output[:, :, :, 0]) + MIN_POSITIVE
        k = self.softplus(model_output[:, :, :, 1]) + MIN_POSITIVE
        return lmbda, k
