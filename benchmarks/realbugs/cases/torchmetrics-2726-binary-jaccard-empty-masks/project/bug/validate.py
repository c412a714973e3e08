import torch
import torch.nn as nn

from metrics.jaccard import binary_jaccard_index

torch.manual_seed(0)

model = nn.Conv2d(1, 1, 3, padding=1)
with torch.no_grad():
    model.weight.zero_()
    model.weight[0, 0, 1, 1] = 8.0
    model.bias.fill_(-4.0)

# validation images: two contain a lesion, the third is a healthy scan with an empty mask
images = torch.zeros(3, 1, 16, 16)
masks = torch.zeros(3, 1, 16, 16, dtype=torch.long)
images[0, :, 4:9, 4:9] = 1.0
masks[0, :, 4:9, 4:10] = 1
images[1, :, 10:14, 2:7] = 1.0
masks[1, :, 10:14, 2:7] = 1

model.eval()
per_image_iou = []
with torch.no_grad():
    for img, mask in zip(images, masks):
        logits = model(img[None])
        per_image_iou.append(binary_jaccard_index(logits.sigmoid(), mask[None]))
mean_iou = torch.stack(per_image_iou).mean()
