import torch
import torch.nn.functional as F
from transformer_decoder import MultiScaleMaskedTransformerDecoder

torch.manual_seed(0)
decoder = MultiScaleMaskedTransformerDecoder()
with torch.no_grad():
    decoder.mask_embed.bias.fill_(-3.0)
    decoder.mask_embed.weight.mul_(0.01)
optimizer = torch.optim.AdamW(decoder.parameters(), lr=1e-4)

mask_features = torch.rand(1, 16, 4, 4)
src = mask_features.flatten(2).permute(2, 0, 1)
gt_masks = (torch.rand(1, 6, 4, 4) > 0.5).float()
gt_classes = torch.randint(0, 4, (1, 6))

for step in range(2):
    outputs_class, outputs_mask = decoder(src, mask_features)
    loss = F.cross_entropy(outputs_class.flatten(0, 1), gt_classes.flatten()) + F.binary_cross_entropy_with_logits(outputs_mask, gt_masks)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
