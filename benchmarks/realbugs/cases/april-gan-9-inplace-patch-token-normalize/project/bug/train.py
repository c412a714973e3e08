import numpy as np
import torch
from torch.nn import functional as F

from model import LinearLayer, FrozenCLIPStub
from loss import FocalLoss, BinaryDiceLoss

torch.manual_seed(111)
image_size = 16
features_list = [3, 6, 9]
model = FrozenCLIPStub(width=32, embed_dim=16)
trainable_layer = LinearLayer(32, 16, len(features_list), 'ViT-B-16')
optimizer = torch.optim.Adam(list(trainable_layer.parameters()), lr=0.001, betas=(0.5, 0.999))
loss_focal = FocalLoss()
loss_dice = BinaryDiceLoss()
text_prompts = F.normalize(torch.randn(16, 2), dim=0)

image = torch.rand(2, 3, image_size, image_size)
img_mask = (torch.rand(2, 1, image_size, image_size) > 0.9).float()

with torch.no_grad():
    image_features, patch_tokens = model.encode_image(image, features_list)
    text_features = torch.stack([text_prompts, text_prompts], dim=0)

# pixel level
patch_tokens = trainable_layer(patch_tokens)
anomaly_maps = []
for layer in range(len(patch_tokens)):
    patch_tokens[layer] /= patch_tokens[layer].norm(dim=-1, keepdim=True)
    anomaly_map = (100.0 * patch_tokens[layer] @ text_features)
    B, L, C = anomaly_map.shape
    H = int(np.sqrt(L))
    anomaly_map = F.interpolate(anomaly_map.permute(0, 2, 1).view(B, 2, H, H),
                                size=image_size, mode='bilinear', align_corners=True)
    anomaly_map = torch.softmax(anomaly_map, dim=1)
    anomaly_maps.append(anomaly_map)

gt = img_mask.squeeze()
gt[gt > 0.5], gt[gt <= 0.5] = 1, 0
loss = 0
for num in range(len(anomaly_maps)):
    loss += loss_focal(anomaly_maps[num], gt)
    loss += loss_dice(anomaly_maps[num][:, 1, :, :], gt)

optimizer.zero_grad()
loss.backward()
optimizer.step()
print(loss.item())
