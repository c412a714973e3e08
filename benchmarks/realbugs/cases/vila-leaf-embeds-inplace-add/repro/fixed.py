import torch

torch.manual_seed(0)
text_embeds = torch.randn(2, 5, 8, requires_grad=True)
image_embeds = torch.randn(2, 3, 8, requires_grad=True)
text_embeds = text_embeds + image_embeds.mean() * 0.0
loss = text_embeds.pow(2).mean()
loss.backward()
