import numpy as np
import torch
import torch.nn as nn


class InvarFitting(nn.Module):
    def __init__(self, dim_descrpt, numb_fparam=0, neuron=(32, 32)):
        super().__init__()
        self.numb_fparam = numb_fparam
        self.register_buffer("fparam_avg", torch.zeros(numb_fparam))
        self.register_buffer("fparam_inv_std", torch.ones(numb_fparam))
        layers, d = [], dim_descrpt + numb_fparam
        for n in neuron:
            layers += [nn.Linear(d, n), nn.Tanh()]
            d = n
        self.filter_layers = nn.Sequential(*layers, nn.Linear(d, 1))

    def compute_input_stats(self, merged, protection=1e-2):
        """Compute the mean and std of the frame parameters from sampled frames."""
        if self.numb_fparam > 0:
            cat_data = np.concatenate([frame["fparam"] for frame in merged], axis=0)
            cat_data = np.reshape(cat_data, [-1, self.numb_fparam])
            sumn = cat_data.shape[0]
            sumv = np.sum(cat_data, axis=0)
            sumv2 = np.sum(np.multiply(cat_data, cat_data), axis=0)
            fparam_avg = sumv / sumn
            fparam_std = np.sqrt(sumv2 / sumn - np.multiply(fparam_avg, fparam_avg))
            fparam_std[fparam_std < protection] = protection
            self.fparam_avg.copy_(torch.tensor(fparam_avg))
            self.fparam_inv_std.copy_(torch.tensor(1.0 / fparam_std))

    def forward(self, descriptor, fparam=None):
        nf, nloc, _ = descriptor.shape
        xx = descriptor
        if self.numb_fparam > 0:
            fparam = (fparam - self.fparam_avg[None, :]) * self.fparam_inv_std[None, :]
            xx = torch.cat([xx, fparam[:, None, :].expand(nf, nloc, self.numb_fparam)], dim=-1)
        return self.filter_layers(xx)
