import torch
import torch.nn.functional as F


def dice_loss(inputs, targets, num_masks):
    inputs = inputs.sigmoid().flatten(1)
    numerator = 2 * (inputs * targets).sum(-1)
    denominator = inputs.sum(-1) + targets.sum(-1)
    loss = 1 - (numerator + 1) / (denominator + 1)
    loss = loss.sum()
    if num_masks != 0:
        loss = loss / num_masks
    return loss


def sigmoid_ce_loss(inputs, targets, num_masks):
    loss = F.binary_cross_entropy_with_logits(inputs, targets, reduction="none")
    return loss.mean(1).sum() / max(num_masks, 1.0)


class SetCriterion:
    def __init__(self, weight_dice=5.0, weight_mask=5.0):
        self.weight_dice = weight_dice
        self.weight_mask = weight_mask

    def loss_masks(self, outputs, targets, indices, num_masks):
        src_masks = outputs["pred_masks"]
        src = torch.cat([src_masks[b][i] for b, (i, _) in enumerate(indices)])
        tgt = torch.cat([t["masks"][j] for t, (_, j) in zip(targets, indices)])
        src = src.flatten(1)
        tgt = tgt.flatten(1)
        return {
            "loss_mask": sigmoid_ce_loss(src, tgt, num_masks),
            "loss_dice": dice_loss(src, tgt, num_masks),
        }

    def __call__(self, outputs, targets, indices):
        num_masks = float(sum(len(t["masks"]) for t in targets))
        losses = self.loss_masks(outputs, targets, indices, num_masks)
        return self.weight_mask * losses["loss_mask"] + self.weight_dice * losses["loss_dice"]
