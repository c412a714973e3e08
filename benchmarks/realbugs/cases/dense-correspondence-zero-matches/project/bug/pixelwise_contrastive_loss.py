import torch


class PixelwiseContrastiveLoss(object):
    def __init__(self, image_shape):
        self.image_width, self.image_height = image_shape

    @staticmethod
    def match_loss(image_a_pred, image_b_pred, matches_a, matches_b):
        num_matches = matches_a.size()[0]
        matches_a_descriptors = torch.index_select(image_a_pred, 1, matches_a)
        matches_b_descriptors = torch.index_select(image_b_pred, 1, matches_b)
        match_loss = 1.0 / num_matches * (matches_a_descriptors - matches_b_descriptors).pow(2).sum()
        return match_loss, matches_a_descriptors, matches_b_descriptors
