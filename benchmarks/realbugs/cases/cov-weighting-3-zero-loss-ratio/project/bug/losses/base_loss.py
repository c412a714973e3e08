import torch
import torch.nn.functional as F


class BaseLoss(torch.nn.Module):
    """Computes the list of unweighted losses of the multi-task objective."""

    def __init__(self, args):
        super(BaseLoss, self).__init__()
        self.device = args.device
        self.num_losses = 3
        self.max_depth = args.max_depth
        self.train = True

    def forward(self, pred, target):
        depth_l1 = F.l1_loss(pred, target)
        depth_grad = (pred[..., 1:] - pred[..., :-1] - (target[..., 1:] - target[..., :-1])).abs().mean()
        # penalty on depths predicted beyond the sensor range: zero as long as the net stays in range
        range_penalty = F.relu(pred - self.max_depth).mean()
        return [depth_l1, depth_grad, range_penalty]
