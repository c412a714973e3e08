# https://github.com/2U1/Qwen-VL-Series-Finetune/pull/178 -- the patched Qwen2.5-VL forward writes the image
# features into the text embeddings with flat.index_copy_(0, row_idx, img), flat a view of inputs_embeds;
# with QLoRA + gradient checkpointing the frozen embedding's output is made to require grad by
# enable_input_require_grads (output.requires_grad_(True)), so inputs_embeds is a leaf and the in-place
# copy into its view raises.
import torch
import torch.nn as nn

torch.manual_seed(0)
V, D, image_token_id = 50, 16, 7
embed_tokens = nn.Embedding(V, D)
embed_tokens.weight.requires_grad_(False)             # base weights frozen (QLoRA)
embed_tokens.register_forward_hook(lambda module, inp, out: out.requires_grad_(True))
merger = nn.Linear(32, D)                             # trainable vision merger
input_ids = torch.tensor([[1, 7, 7, 7, 2, 3], [1, 7, 7, 7, 4, 5]])
pixel_features = torch.randn(6, 32)

inputs_embeds = embed_tokens(input_ids)
img = merger(pixel_features)
flat = inputs_embeds.view(-1, D)
row_idx = (input_ids.view(-1) == image_token_id).nonzero().squeeze(-1)
flat.index_copy_(0, row_idx, img)
inputs_embeds = flat.view_as(inputs_embeds)
loss = inputs_embeds.pow(2).mean()
loss.backward()
