# pytorch/pytorch#160064: nn.MultiheadAttention with an attn_mask that masks one head completely returns
# all-NaN outputs (and NaN weights for that head) when need_weights=True; need_weights=False stays finite.
import torch
from torch import nn

torch.manual_seed(0)

x = torch.randn(1, 5, 3, requires_grad=True)
mask = torch.tensor([False, False, True]).view(-1, 1, 1).expand(-1, 5, 5)  # head 2 may attend nowhere
att = nn.MultiheadAttention(3, 3, batch_first=True)
y, weights = att(x, x, x, attn_mask=mask, average_attn_weights=False, need_weights=False)
loss = y.pow(2).mean()
loss.backward()
