import torch
import torch.nn as nn


class JointLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_data = 1.0
        self.w_grad = 0.5

    def GradientLoss(self, log_prediction_d, mask, log_gt):
        N = torch.sum(mask)
        log_d_diff = log_prediction_d - log_gt
        log_d_diff = torch.mul(log_d_diff, mask)
        v_gradient = torch.abs(log_d_diff[:, :, 2:, :] - log_d_diff[:, :, :-2, :])
        v_mask = torch.mul(mask[:, :, 2:, :], mask[:, :, :-2, :])
        v_gradient = torch.mul(v_gradient, v_mask)
        h_gradient = torch.abs(log_d_diff[:, :, :, 2:] - log_d_diff[:, :, :, :-2])
        h_mask = torch.mul(mask[:, :, :, 2:], mask[:, :, :, :-2])
        h_gradient = torch.mul(h_gradient, h_mask)
        return (torch.sum(h_gradient) + torch.sum(v_gradient)) / N

    def Data_Loss(self, log_prediction_d, mask, log_gt):
        N = torch.sum(mask)
        log_d_diff = log_prediction_d - log_gt
        log_d_diff = torch.mul(log_d_diff, mask)
        s1 = torch.sum(torch.pow(log_d_diff, 2)) / N
        s2 = torch.pow(torch.sum(log_d_diff), 2) / (N * N)
        return s1 - s2

    def __call__(self, input_images, prediction_d, targets):
        mask_0 = targets["mask_0"]
        d_gt_0 = torch.log(torch.where(mask_0 > 0, targets["gt_0"], torch.ones_like(targets["gt_0"])))
        total_loss = self.w_data * self.Data_Loss(prediction_d, mask_0, d_gt_0)
        total_loss = total_loss + self.w_grad * self.GradientLoss(prediction_d, mask_0, d_gt_0)
        return total_loss
