import torch
import torch.nn.functional as F


def sigmoid_contrastive_loss(logits_per_text):
    n = logits_per_text.size(0)
    labels = 2 * torch.eye(n, device=logits_per_text.device) - 1
    return -F.logsigmoid(labels * logits_per_text).sum() / n
