import torch

from config import SigLipConfig
from losses import sigmoid_contrastive_loss
from model import SigLipModel

torch.manual_seed(0)
config = SigLipConfig()
model = SigLipModel(config)
optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr)

pixel_values = torch.randn(4, config.vision_dim)
input_features = torch.randn(4, config.text_dim)

for step in range(2):
    optimizer.zero_grad()
    logits_per_image, logits_per_text = model(pixel_values, input_features)
    loss = sigmoid_contrastive_loss(logits_per_text)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
