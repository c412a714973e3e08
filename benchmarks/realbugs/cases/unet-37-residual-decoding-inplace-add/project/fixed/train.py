import torch
import torch.nn.functional as F

from unet.conv import ConvolutionalBlock
from unet.decoding import DecodingBlock

torch.manual_seed(0)

# one encoder stage and one decoder stage of UNet(dimensions=2, residual=True, padding=True)
encoder = ConvolutionalBlock(2, 1, 8, normalization='batch', padding=1)
bottom = ConvolutionalBlock(2, 8, 16, normalization='batch', padding=1)
decoder = DecodingBlock(8, 2, normalization='batch', residual=True, padding=True)
classifier = torch.nn.Conv2d(8, 2, kernel_size=1)
params = [p for m in (encoder, bottom, decoder, classifier) for p in m.parameters()]
optimizer = torch.optim.Adam(params, lr=1e-3)

image = torch.randn(2, 1, 16, 16)
target = torch.randint(0, 2, (2, 16, 16))

skip = encoder(image)
x = bottom(F.max_pool2d(skip, 2))
x = decoder(skip, x)
logits = classifier(x)
loss = F.cross_entropy(logits, target)
optimizer.zero_grad()
loss.backward()
optimizer.step()
