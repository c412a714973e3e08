import torch
import torch.nn.functional as F

from loss_contrast import PixelContrastLoss
from model import SegWithEmbed

torch.manual_seed(0)
configer = {'contrast': {'temperature': 0.1, 'base_temperature': 0.07, 'max_samples': 64, 'max_views': 8}}
model = SegWithEmbed()
contrast_criterion = PixelContrastLoss(configer)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

images = torch.randn(1, 3, 8, 8) * 50.0
target = torch.zeros(1, 8, 8, dtype=torch.long)     # a crop holding a single class (all "road")

for step in range(2):
    preds = model(images)
    loss = F.cross_entropy(preds['seg'], target) + 0.1 * contrast_criterion(preds['embed'], target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
