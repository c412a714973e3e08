# efficientdet-pytorch #291 fixed: EPS = 1e-7 (representable in float16), as verified in the issue.
import torch

EPS = 1e-7


def get_center_coordinates_and_sizes(boxes):
    ymin, xmin, ymax, xmax = boxes.unbind(dim=1)
    width = xmax - xmin
    height = ymax - ymin
    ycenter = ymin + height / 2.0
    xcenter = xmin + width / 2.0
    return ycenter, xcenter, height, width


def encode(boxes, anchors, scale_factors=(10.0, 10.0, 5.0, 5.0)):
    ycenter_a, xcenter_a, ha, wa = get_center_coordinates_and_sizes(anchors)
    ycenter, xcenter, h, w = get_center_coordinates_and_sizes(boxes)
    # Avoid NaN in division and log below.
    ha = ha + EPS
    wa = wa + EPS
    h = h + EPS
    w = w + EPS
    tx = (xcenter - xcenter_a) / wa
    ty = (ycenter - ycenter_a) / ha
    tw = torch.log(w / wa)
    th = torch.log(h / ha)
    ty = ty * scale_factors[0]
    tx = tx * scale_factors[1]
    th = th * scale_factors[2]
    tw = tw * scale_factors[3]
    return torch.stack([ty, tx, th, tw], dim=1)


# normalized boxes, autocast to float16; the second ground-truth box has zero width
boxes = torch.tensor([[0.1, 0.1, 0.4, 0.5], [0.2, 0.3, 0.6, 0.3]], dtype=torch.float16)
anchors = torch.tensor([[0.1, 0.1, 0.5, 0.5], [0.2, 0.2, 0.6, 0.6]], dtype=torch.float16)
rel_codes = encode(boxes, anchors)
