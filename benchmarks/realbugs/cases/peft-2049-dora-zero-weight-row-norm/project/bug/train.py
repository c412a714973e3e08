import torch
from torch import nn

from lora.layer import LoraConfig, get_peft_model


class Mixer(nn.Module):
    """A block of the hybrid SSM/attention model: in_proj -> act -> out_proj."""

    def __init__(self, d=32):
        super().__init__()
        self.in_proj_qkv = nn.Linear(d, 3 * d)
        self.out_proj = nn.Linear(3 * d, d)

    def forward(self, x):
        return x + self.out_proj(torch.nn.functional.silu(self.in_proj_qkv(x)))


torch.manual_seed(0)
model = nn.Sequential(Mixer(), Mixer(), nn.Linear(32, 10))
with torch.no_grad():  # the released checkpoint has rows of in_proj_qkv that are exactly zero
    model[0].in_proj_qkv.weight[[5, 17, 40]] = 0.0

model = get_peft_model(model, LoraConfig(r=4, lora_alpha=8, use_dora=True))
params = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.AdamW(params, lr=1e-4)

x = torch.randn(8, 32)
y = torch.randint(0, 10, (8,))
loss = nn.functional.cross_entropy(model(x), y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
