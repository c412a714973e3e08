import torch

from losses import MapeLoss
from models import BlockRNNModel

torch.manual_seed(0)

series = torch.poisson(torch.full((200,), 1.5))
input_chunk_length, output_chunk_length = 12, 3
windows = series.unfold(0, input_chunk_length + output_chunk_length, 1)
past, future = windows[:, :input_chunk_length], windows[:, input_chunk_length:]

model = BlockRNNModel(input_chunk_length, output_chunk_length)
loss_fn = MapeLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    for i in range(0, len(past), 32):
        pred = model(past[i:i + 32])
        loss = loss_fn(pred, future[i:i + 32])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
