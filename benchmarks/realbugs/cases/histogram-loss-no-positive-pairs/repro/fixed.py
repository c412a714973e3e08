# https://github.com/valerystrizh/pytorch-histogram-loss/issues/12 -- standard fix: the pair count used as the histogram denominator is at least 1.
import torch

torch.manual_seed(0)
step = 2 / (100 - 1)
eps = 1 / 100
t = torch.arange(-1, 1 + step, step).view(-1, 1)
tsize = t.size()[0]
net = torch.nn.Linear(8, 4)
features = torch.nn.functional.normalize(net(torch.randn(2, 8)), dim=1)
classes = torch.tensor([1, 34])                       # two samples of different classes


def histogram(inds, size):
    s_repeat_ = s_repeat.clone()
    indsa = (s_repeat_floor - (t - step) > -eps) & (s_repeat_floor - t < -eps) & inds
    indsb = torch.cat((indsa, torch.zeros((1, indsa.size()[1]), dtype=torch.bool)))[1:, :]
    s_repeat_[~(indsb | indsa)] = 0
    s_repeat_[indsa] = (s_repeat_ - t + step)[indsa] / step
    s_repeat_[indsb] = (-s_repeat_ + t + step)[indsb] / step
    return s_repeat_.sum(1) / max(size, 1)


classes_eq = classes.repeat(2, 1) == classes.view(-1, 1).repeat(1, 2)
s_inds = torch.triu(torch.ones(classes_eq.size()), 1).bool()
pos_size = classes_eq[s_inds].sum().item()
neg_size = (~classes_eq[s_inds]).sum().item()
s_repeat = torch.mm(features, features.t())[s_inds].view(1, -1).repeat(tsize, 1)
s_repeat_floor = (torch.floor(s_repeat.data / step) * step).float()
histogram_pos = histogram(classes_eq[s_inds].repeat(tsize, 1), pos_size)
histogram_neg = histogram(~classes_eq[s_inds].repeat(tsize, 1), neg_size)
histogram_pos_repeat = histogram_pos.view(-1, 1).repeat(1, tsize)
histogram_pos_repeat[torch.tril(torch.ones(tsize, tsize), -1).bool()] = 0
loss = torch.sum(histogram_neg * histogram_pos_repeat.sum(0))
loss.backward()
