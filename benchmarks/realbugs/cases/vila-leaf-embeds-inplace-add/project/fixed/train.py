import torch
import torch.nn as nn

from fusion import merge_text_image
from prompt import SoftPrompt

torch.manual_seed(0)
prompt = SoftPrompt(4, 8)
vision = nn.Linear(12, 8)
head = nn.Linear(8, 3)
opt = torch.optim.Adam(list(prompt.parameters()) + list(vision.parameters()) + list(head.parameters()), lr=1e-3)
pixels = torch.randn(1, 6, 12)
labels = torch.tensor([2])
text_embeds = prompt(pixels.shape[0])
image_embeds = vision(pixels)
fused = merge_text_image(text_embeds, image_embeds)
loss = nn.functional.cross_entropy(head(fused.mean(dim=1)), labels)
opt.zero_grad()
loss.backward()
print(loss.item())
