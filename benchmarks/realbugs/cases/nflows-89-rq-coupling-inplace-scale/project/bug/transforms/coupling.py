import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class PiecewiseRationalQuadraticCouplingTransform(nn.Module):
    def __init__(self, mask, transform_net_create_fn, num_bins=8, min_derivative=1e-3):
        super().__init__()
        self.register_buffer("identity_features", (mask <= 0).nonzero().flatten())
        self.register_buffer("transform_features", (mask > 0).nonzero().flatten())
        self.num_bins = num_bins
        self.min_derivative = min_derivative
        n_transform = len(self.transform_features)
        self.transform_net = transform_net_create_fn(len(self.identity_features),
                                                     n_transform * self._transform_dim_multiplier())

    def _transform_dim_multiplier(self):
        return self.num_bins * 3 - 1

    def forward(self, inputs):
        identity_split = inputs[:, self.identity_features, ...]
        transform_split = inputs[:, self.transform_features, ...]
        transform_params = self.transform_net(identity_split)
        transform_params = transform_params.reshape(inputs.shape[0], -1, self._transform_dim_multiplier())
        return self._coupling_transform(transform_split, transform_params)

    def _coupling_transform(self, inputs, transform_params):
        unnormalized_widths = transform_params[..., : self.num_bins]
        unnormalized_heights = transform_params[..., self.num_bins: 2 * self.num_bins]
        unnormalized_derivatives = transform_params[..., 2 * self.num_bins:]
        if hasattr(self.transform_net, "hidden_features"):
            unnormalized_widths /= np.sqrt(self.transform_net.hidden_features)
            unnormalized_heights /= np.sqrt(self.transform_net.hidden_features)
        widths = F.softmax(unnormalized_widths, dim=-1)
        heights = F.softmax(unnormalized_heights, dim=-1)
        derivatives = self.min_derivative + F.softplus(unnormalized_derivatives)
        # the spline's log-Jacobian, simplified: bin slopes and knot derivatives
        logabsdet = torch.log(heights / widths).mean(-1) + torch.log(derivatives).mean(-1)
        return inputs, logabsdet.sum(-1)
