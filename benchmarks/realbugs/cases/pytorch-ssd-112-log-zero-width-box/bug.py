# pytorch-ssd issue #112: convert_boxes_to_locations takes log(0) for a gt box with XMin == XMax -> -inf regression targets
import torch


def corner_form_to_center_form(boxes):
    return torch.cat([
        (boxes[..., :2] + boxes[..., 2:]) / 2,
        boxes[..., 2:] - boxes[..., :2]
    ], boxes.dim() - 1)


def convert_boxes_to_locations(center_form_boxes, center_form_priors, center_variance, size_variance):
    # priors can have one dimension less
    if center_form_priors.dim() + 1 == center_form_boxes.dim():
        center_form_priors = center_form_priors.unsqueeze(0)
    return torch.cat([
        (center_form_boxes[..., :2] - center_form_priors[..., :2]) / center_form_priors[..., 2:] / center_variance,
        torch.log(center_form_boxes[..., 2:] / center_form_priors[..., 2:]) / size_variance
    ], dim=center_form_boxes.dim() - 1)


center_form_priors = torch.tensor([[0.2, 0.2, 0.1, 0.1], [0.5, 0.5, 0.3, 0.3], [0.8, 0.8, 0.2, 0.4]])
# triggering input: a matched gt box whose XMin equals XMax (annotation error)
gt_boxes = torch.tensor([[0.15, 0.12, 0.26, 0.30], [0.40, 0.35, 0.40, 0.70], [0.70, 0.60, 0.88, 0.95]])
locations = convert_boxes_to_locations(corner_form_to_center_form(gt_boxes), center_form_priors, 0.1, 0.2)
