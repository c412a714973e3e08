import torch
from sam2.utils.amg import calculate_stability_score


class SAM2AutomaticMaskGenerator:
    def __init__(self, model, mask_threshold=0.0, stability_score_offset=1.0, stability_score_thresh=0.95):
        self.model = model
        self.mask_threshold = mask_threshold
        self.stability_score_offset = stability_score_offset
        self.stability_score_thresh = stability_score_thresh

    @torch.no_grad()
    def generate(self, image, points):
        low_res_masks, iou_preds = self.model(image, points)
        stability_score = calculate_stability_score(low_res_masks, self.mask_threshold, self.stability_score_offset)
        keep = stability_score >= self.stability_score_thresh
        return {"masks": low_res_masks[keep] > self.mask_threshold, "stability_score": stability_score, "iou_preds": iou_preds}
