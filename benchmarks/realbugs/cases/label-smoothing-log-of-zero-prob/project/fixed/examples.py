import torch

from label_smoothing import LabelSmoothing


def loss(x, crit):
    d = x + 3 * 1
    predict = torch.FloatTensor([[0, x / d, 1 / d, 1 / d, 1 / d]])
    return crit(predict.clamp(min=1e-9).log(), torch.LongTensor([1])).data


def penalization_visualization():
    crit = LabelSmoothing(5, 0, 0.1)
    return torch.stack([loss(x, crit) for x in range(1, 100)])
