import torch.nn as nn

from metrics import MSE, CorrCoef


class PearsonLoss(nn.Module):
    def __init__(self):
        super(PearsonLoss, self).__init__()

    def forward(self, input, targets):
        r = CorrCoef()(input, targets)
        return 1 - r


class MSEPearsonLoss(nn.Module):
    def __init__(self, mse_weight=0.0005, pearson_weight=1.0):
        super(MSEPearsonLoss, self).__init__()
        self.mse_weight = mse_weight
        self.pearson_weight = pearson_weight
        self.pearson = PearsonLoss()

    def forward(self, input, targets):
        return self.mse_weight * MSE()(input, targets) + self.pearson_weight * self.pearson(input, targets)
