from vision.utils import box_utils


class MatchPrior(object):
    def __init__(self, center_form_priors, center_variance, size_variance):
        self.center_form_priors = center_form_priors
        self.center_variance = center_variance
        self.size_variance = size_variance

    def __call__(self, gt_boxes, gt_labels):
        boxes = box_utils.corner_form_to_center_form(gt_boxes)
        locations = box_utils.convert_boxes_to_locations(boxes, self.center_form_priors,
                                                         self.center_variance, self.size_variance)
        return locations, gt_labels
