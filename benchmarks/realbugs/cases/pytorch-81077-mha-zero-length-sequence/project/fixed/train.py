import torch
import torch.nn.functional as F

from data import make_batch, padding_mask
from model import Encoder

torch.manual_seed(0)
g = torch.Generator().manual_seed(1)
batch_size, max_len, embed_dim = 8, 8, 16
model = Encoder(embed_dim)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    x, lengths = make_batch(batch_size, max_len, embed_dim, g)
    mask = padding_mask(lengths, max_len)
    pred = model(x, mask)
    target = torch.zeros_like(pred)
    loss = F.mse_loss(pred, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, lengths.tolist(), loss.item())
