import torch


class GANTrainer:
    def __init__(self, G, D, lr_g=0.0001, lr_d=0.0001):
        self.G, self.D = G, D
        self.opt_D = torch.optim.Adam(D.parameters(), lr=lr_d)
        self.opt_G = torch.optim.Adam(G.parameters(), lr=lr_g)

    def losses(self, artist_paintings, G_ideas):
        G_paintings = self.G(G_ideas)
        prob_artist0 = self.D(artist_paintings)
        prob_artist1 = self.D(G_paintings)
        D_loss = - torch.mean(torch.log(prob_artist0) + torch.log(1. - prob_artist1))
        G_loss = torch.mean(torch.log(1. - prob_artist1))
        return D_loss, G_loss

    def update_D(self, D_loss):
        self.opt_D.zero_grad()
        D_loss.backward(retain_graph=True)
        self.opt_D.step()

    def update_G(self, G_loss):
        self.opt_G.zero_grad()
        G_loss.backward()
        self.opt_G.step()

    def train_step(self, artist_paintings, G_ideas):
        D_loss, G_loss = self.losses(artist_paintings, G_ideas)
        self.update_D(D_loss)
        self.update_G(G_loss)
        return D_loss, G_loss
