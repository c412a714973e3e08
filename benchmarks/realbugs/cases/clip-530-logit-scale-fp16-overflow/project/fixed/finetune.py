import torch
import torch.nn as nn

from clip.model import CLIP, convert_weights

torch.manual_seed(0)

model = CLIP(embed_dim=32, image_dim=48, vocab_size=100, transformer_width=32)
convert_weights(model)

# resume fine-tuning: after many steps the learned temperature has drifted upwards
with torch.no_grad():
    model.logit_scale.fill_(12.0)

optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
loss_img = nn.CrossEntropyLoss()
loss_txt = nn.CrossEntropyLoss()

images = torch.randn(8, 48)
texts = torch.randint(1, 99, (8, 12))
texts[:, -1] = 99  # eot token

logits_per_image, logits_per_text = model(images, texts)
ground_truth = torch.arange(len(images), dtype=torch.long)
total_loss = (loss_img(logits_per_image, ground_truth) + loss_txt(logits_per_text, ground_truth)) / 2
optimizer.zero_grad()
total_loss.backward()
optimizer.step()
