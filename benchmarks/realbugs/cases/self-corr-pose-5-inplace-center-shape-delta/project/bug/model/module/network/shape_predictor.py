import torch
import torch.nn as nn

from nerf import models, run_network


class ShapePredictor(nn.Module):
    def __init__(self, opts):
        super(ShapePredictor, self).__init__()
        self.shapenerf = models.CondNeRFModel(
            num_layers=2,
            include_input_xyz=True,
            out_channel=3,
            codesize=opts["codedim"]
        )
        self.iters = 0
        self.no_deform = opts["no_deform"]
        self.deform_ratio = opts["deform_ratio"]

    def forward(self, mean_v, shape_code):
        if self.no_deform:
            return mean_v
        else:
            shape_delta = run_network(
                self.shapenerf,
                mean_v.detach(),
                None,
                131072,
                None,
                None,
                code=shape_code
            )[:, :, :-1]
            shape_delta -= shape_delta.mean(1, keepdims=True)
            pred_v = mean_v + shape_delta * self.deform_ratio
            return pred_v
