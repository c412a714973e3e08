import torch

EPS = 1e-8


class FasterRcnnBoxCoder(object):
    def __init__(self, scale_factors=(10.0, 10.0, 5.0, 5.0), eps=EPS):
        self._scale_factors = scale_factors
        self.eps = eps

    def encode(self, boxes, anchors):
        ycenter_a, xcenter_a, ha, wa = anchors.get_center_coordinates_and_sizes()
        ycenter, xcenter, h, w = boxes.get_center_coordinates_and_sizes()
        ha = ha + self.eps
        wa = wa + self.eps
        h = h + self.eps
        w = w + self.eps
        tx = (xcenter - xcenter_a) / wa
        ty = (ycenter - ycenter_a) / ha
        tw = torch.log(w / wa)
        th = torch.log(h / ha)
        ty = ty * self._scale_factors[0]
        tx = tx * self._scale_factors[1]
        th = th * self._scale_factors[2]
        tw = tw * self._scale_factors[3]
        return torch.stack([ty, tx, th, tw], dim=1)
