# https://github.com/bayesiains/nflows/issues/89 -- fixed as in the report: the scaling is done out of place,
# unnormalized_widths = unnormalized_widths / np.sqrt(hidden_features) (and the same for the heights).
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
num_bins, hidden_features, features = 8, 32, 4
transform_net = nn.Sequential(nn.Linear(2, hidden_features), nn.ReLU(),
                              nn.Linear(hidden_features, 2 * (3 * num_bins - 1)), nn.ReLU())
inputs = torch.rand(16, features)
identity_split, transform_split = inputs[:, :2], inputs[:, 2:]

transform_params = transform_net(identity_split).reshape(16, 2, 3 * num_bins - 1)
unnormalized_widths = transform_params[..., :num_bins]
unnormalized_heights = transform_params[..., num_bins:2 * num_bins]
unnormalized_derivatives = transform_params[..., 2 * num_bins:]
unnormalized_widths = unnormalized_widths / np.sqrt(hidden_features)
unnormalized_heights = unnormalized_heights / np.sqrt(hidden_features)
widths = F.softmax(unnormalized_widths, dim=-1)
heights = F.softmax(unnormalized_heights, dim=-1)
derivatives = F.softplus(unnormalized_derivatives) + 1e-3
logabsdet = (torch.log(heights / widths).mean(-1) + torch.log(derivatives).mean(-1)).sum(-1)
loss = -logabsdet.mean()
loss.backward()
