import torch
from glide_finetune.model import TinyGlide
from glide_finetune.train_util import train_step

torch.manual_seed(0)
use_fp16 = True
learning_rate = 1e-4
adam_weight_decay = 0.0

model = TinyGlide()
if use_fp16:
    model = model.half()
optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=adam_weight_decay, eps=1e-4)

for step in range(2):
    tokens = torch.randint(0, 32, (2, 8))
    images = torch.rand(2, 3, 8, 8).half()
    noise = torch.randn(2, 3, 8, 8).half()
    loss = train_step(model, (tokens, images, noise), optimizer)
    print(step, loss.item())
