import torch
import torch.nn as nn

from model.AnomalyTransformer import AnomalyTransformer


def my_kl_loss(p, q):
    res = p * (torch.log(p + 0.0001) - torch.log(q + 0.0001))
    return torch.mean(torch.sum(res, dim=-1), dim=1)


class Solver(object):
    def __init__(self, config):
        self.win_size = config["win_size"]
        self.k = config["k"]
        self.model = AnomalyTransformer(win_size=self.win_size, enc_in=config["input_c"], c_out=config["output_c"])
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config["lr"])
        self.criterion = nn.MSELoss()

    def train(self, train_loader):
        self.model.train()
        for input in train_loader:
            self.optimizer.zero_grad()
            output, series, prior = self.model(input)

            series_loss = 0.0
            prior_loss = 0.0
            for u in range(len(prior)):
                norm_prior = prior[u] / torch.sum(prior[u], dim=-1, keepdim=True)
                series_loss += (torch.mean(my_kl_loss(series[u], norm_prior.detach()))
                                + torch.mean(my_kl_loss(norm_prior.detach(), series[u])))
                prior_loss += (torch.mean(my_kl_loss(norm_prior, series[u].detach()))
                               + torch.mean(my_kl_loss(series[u].detach(), norm_prior)))
            series_loss = series_loss / len(prior)
            prior_loss = prior_loss / len(prior)

            rec_loss = self.criterion(output, input)
            loss1 = rec_loss - self.k * series_loss
            loss2 = rec_loss + self.k * prior_loss

            # Minimax strategy
            loss1.backward(retain_graph=True)
            self.optimizer.step()
            loss2.backward()
            self.optimizer.step()
        return loss1, loss2
