import torch


def smape_loss(model_outputs, target_outputs):
    numerator = torch.abs(model_outputs - target_outputs)
    denominator = (torch.abs(model_outputs) + torch.abs(target_outputs)).clamp(min=1e-8)
    elementwise_smape = torch.div(numerator, denominator)
    nan_mask = torch.isnan(elementwise_smape)
    return elementwise_smape[~nan_mask].mean()
