import torch


class Conv2dSubsampling(torch.nn.Module):
    """Convolutional 2D subsampling (to 1/4 length)."""

    def __init__(self, idim, odim):
        super(Conv2dSubsampling, self).__init__()
        self.conv = torch.nn.Sequential(
            torch.nn.Conv2d(1, odim, 3, 2),
            torch.nn.ReLU(),
            torch.nn.Conv2d(odim, odim, 3, 2),
            torch.nn.ReLU(),
        )
        self.out = torch.nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x, ilens):
        x = x.unsqueeze(1)  # (b, c, t, f)
        x = self.conv(x)
        b, c, t, f = x.size()
        x = self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))
        hlens = ((ilens - 1) // 2 - 1) // 2
        return x, hlens


class Encoder(torch.nn.Module):
    def __init__(self, idim, adim=32, eunits=64):
        super(Encoder, self).__init__()
        self.embed = Conv2dSubsampling(idim, adim)
        self.ff = torch.nn.Sequential(
            torch.nn.Linear(adim, eunits),
            torch.nn.ReLU(),
            torch.nn.Linear(eunits, adim),
        )
        self.norm = torch.nn.LayerNorm(adim)

    def forward(self, xs, ilens):
        xs, hlens = self.embed(xs, ilens)
        xs = self.norm(xs + self.ff(xs))
        return xs, hlens
