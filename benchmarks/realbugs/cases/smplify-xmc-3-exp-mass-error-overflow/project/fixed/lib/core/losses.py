import torch
import torch.nn as nn

from lib.core.body_model import blend_shapes


class SMPLifyXMCLoss(nn.Module):
    def __init__(self, body_model, measurements_crit, shape_weight=1.0):
        super(SMPLifyXMCLoss, self).__init__()
        self.body_model = body_model
        self.measurements_crit = measurements_crit
        self.shape_weight = shape_weight

    def forward(self, betas, gt_height=None, gt_weight=None):
        shape_prior_loss = torch.sum(betas ** 2) ** 2
        v_shaped = self.body_model.v_template + blend_shapes(betas, self.body_model.shapedirs)
        fitted_measurements = self.measurements_crit(v_shaped)
        f_height = fitted_measurements['height']
        f_mass = fitted_measurements['mass']
        # shape loss
        measurements_loss = torch.exp(100*(abs(f_height-gt_height))) + \
                    torch.exp(abs(f_mass-gt_weight) / 10.0)
        shape_loss = (shape_prior_loss + measurements_loss) * self.shape_weight
        return shape_loss.sum()
