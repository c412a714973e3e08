import torch
import torch.nn.functional as F

from model import Encoder

torch.manual_seed(0)
PAD = 0
model = Encoder(vocab=30, hid_dim=16, n_heads=2, pad_idx=PAD).half()
src = torch.randint(1, 30, (3, 7))
src[0, 5:] = PAD
src[2, 4:] = PAD
logits = model(src)
loss = F.cross_entropy(logits.float().view(-1, 30), src.view(-1), ignore_index=PAD)
print(loss.item())
