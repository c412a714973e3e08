# GRIST ID-4: pytorch_geometric VGAE (issue #500), reparametrize/kl_loss exponentiate an unbounded logvar -> inf
import torch

MAX_LOGVAR = 10


class VGAE(torch.nn.Module):
    def __init__(self, encoder, decoder=None):
        super(VGAE, self).__init__()
        self.encoder = encoder
        self.decoder = decoder

    def reparametrize(self, mu, logvar):
        if self.training:
            return mu + torch.randn_like(logvar) * torch.exp(logvar)
        else:
            return mu

    def encode(self, *args, **kwargs):
        """"""
        self.__mu__, self.__logvar__ = self.encoder(*args, **kwargs)
        z = self.reparametrize(self.__mu__, self.__logvar__)
        return z

    def kl_loss(self, mu=None, logvar=None):
        mu = self.__mu__ if mu is None else mu
        logvar = self.__logvar__ if logvar is None else logvar
        return -0.5 * torch.mean(
            torch.sum(1 + logvar - mu**2 - logvar.exp(), dim=1))


torch.manual_seed(0)
model = VGAE(encoder=lambda x: (x, x))
x = torch.Tensor([[1, -1], [1, 2], [2, 1]])
# triggering input: large encoder outputs, so logvar is large (GRIST maximizes logvar)
x = x * 100
z = model.encode(x)
loss = model.kl_loss()
