import torch.nn as nn

from blocks import ActFirstResBlock, Conv2dBlock


class GPPatchMcResDis(nn.Module):
    def __init__(self, nf=8, n_layers=2, num_classes=5):
        super().__init__()
        cnn_f = [Conv2dBlock(3, nf, 7, 1, 3, pad_type='zero', norm='none', activation='none')]
        for i in range(n_layers):
            nf_out = min(nf * 2, 1024)
            cnn_f += [ActFirstResBlock(nf, nf, None, 'lrelu', 'none')]
            cnn_f += [ActFirstResBlock(nf, nf_out, None, 'lrelu', 'none')]
            cnn_f += [nn.ZeroPad2d(1)]
            cnn_f += [nn.AvgPool2d(kernel_size=3, stride=2)]
            nf = nf_out
        self.cnn_f = nn.Sequential(*cnn_f)
        self.cnn_c = nn.Sequential(nn.LeakyReLU(0.2, inplace=False), nn.Conv2d(nf, num_classes, 1))

    def forward(self, x, y):
        feat = self.cnn_f(x)
        out = self.cnn_c(feat)
        index = y.view(-1)
        out = out[range(out.size(0)), index, :, :]
        return out, feat
