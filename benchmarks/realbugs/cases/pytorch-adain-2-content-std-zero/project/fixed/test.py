import torch

import net
from function import adaptive_instance_normalization

torch.manual_seed(0)


def style_transfer(vgg, decoder, content, style, alpha=1.0):
    content_f = vgg(content)
    style_f = vgg(style)
    feat = adaptive_instance_normalization(content_f, style_f)
    feat = feat * alpha + content_f * (1 - alpha)
    return decoder(feat)


decoder = net.decoder
vgg = net.vgg
with torch.no_grad():
    vgg[0].bias[3] = -100.0
content = torch.rand(1, 3, 16, 16)
style = torch.rand(1, 3, 16, 16)
with torch.no_grad():
    output = style_transfer(vgg, decoder, content, style)
