import torch.nn as nn


def build_criterion(config):
    return nn.PoissonNLLLoss(log_input=config.rate_is_log)


def count_loss(criterion, predicted_rate, counts):
    return criterion(predicted_rate, counts)
