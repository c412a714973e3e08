import torch

from modeling_gemma3 import Gemma3TextModel

torch.manual_seed(0)
model = Gemma3TextModel()
with torch.no_grad():
    # what the checkpoint holds: a large post-feedforward norm scale on one channel, and an MLP that
    # writes a massive activation into that channel
    model.layers[0].post_feedforward_layernorm.weight[0] = 2500.0
    model.layers[0].mlp.down_proj.weight[0].fill_(2.0)
model = model.to(torch.float16).eval()          # torch_dtype=torch.float16
input_ids = torch.randint(0, 64, (1, 8))
with torch.no_grad():
    logits = model(input_ids)
print(logits.isnan().any())
