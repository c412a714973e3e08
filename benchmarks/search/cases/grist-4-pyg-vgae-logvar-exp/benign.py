# GRIST ID-4 (pytorch_geometric VGAE), benign inputs: small encoder outputs, so exp(logvar) is finite.
# The bug (exp(logvar) overflowing to inf) needs a large logvar, as after the encoder's outputs grew.
import torch


class Encoder(torch.nn.Module):
    def forward(self, x):
        return x, x


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


torch.manual_seed(0)
model = VGAE(encoder=Encoder())
x = torch.Tensor([[1, -1], [1, 2], [2, 1]])
z = model.encode(x)
