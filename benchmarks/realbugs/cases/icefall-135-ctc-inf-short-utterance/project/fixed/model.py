import torch
import torch.nn as nn


class Conv2dSubsampling(nn.Module):
    """Convolutional 2D subsampling (to 1/4 length)."""

    def __init__(self, idim: int, odim: int):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, odim, kernel_size=3, stride=2),
            nn.ReLU(),
            nn.Conv2d(odim, odim, kernel_size=3, stride=2),
            nn.ReLU(),
        )
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).reshape(b, t, c * f))


class Conformer(nn.Module):
    def __init__(self, num_features: int, d_model: int, num_classes: int):
        super().__init__()
        self.encoder_embed = Conv2dSubsampling(num_features, d_model)
        self.encoder = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True), 1
        )
        self.encoder_output_layer = nn.Linear(d_model, num_classes)

    def forward(self, x, supervisions):
        x = self.encoder(self.encoder_embed(x))
        nnet_output = self.encoder_output_layer(x).log_softmax(dim=-1)
        lengths = ((supervisions["num_frames"] - 1) // 2 - 1) // 2
        return nnet_output, lengths
