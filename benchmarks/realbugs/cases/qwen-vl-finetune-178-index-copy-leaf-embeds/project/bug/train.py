import torch

from src.train.model import TinyQwenVL
from src.train.monkey_patch_forward import replace_qwen2_5_with_mixed_modality_forward

torch.manual_seed(0)
replace_qwen2_5_with_mixed_modality_forward(TinyQwenVL)
model = TinyQwenVL()
# QLoRA: the base weights are frozen, only the vision merger and the adapters (here: decoder) train
for p in model.embed_tokens.parameters():
    p.requires_grad_(False)
for p in model.lm_head.parameters():
    p.requires_grad_(False)
model.enable_input_require_grads()           # needed by gradient checkpointing with frozen embeddings
optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)

input_ids = torch.tensor([[1, 7, 7, 7, 2, 3, 9], [1, 7, 7, 7, 4, 5, 9]])
pixel_features = torch.randn(6, 32)
labels = input_ids.clone()
labels[input_ids == 7] = -100

for step in range(2):
    loss, logits = model(input_ids, pixel_features, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
