# GRIST ID-4 (pytorch_geometric VGAE) fixed, benign inputs: logvar clamped to MAX_LOGVAR before exp
# (pytorch_geometric's fix, applied where the exp is).
import torch

MAX_LOGVAR = 10


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
            return mu + torch.randn_like(logvar) * torch.exp(logvar.clamp(max=MAX_LOGVAR))
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
