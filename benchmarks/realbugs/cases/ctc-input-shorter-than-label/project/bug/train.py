import torch
import torch.nn as nn

from data import CHARACTERS, make_batch
from model import CRNN

torch.manual_seed(0)
model = CRNN(n_classes=len(CHARACTERS))
criterion = nn.CTCLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

images, targets, target_lengths = make_batch(2)
for step in range(1):
    optimizer.zero_grad()
    output = model(images)
    output_lengths = torch.full((images.size(0),), output.size(0), dtype=torch.long)
    loss = criterion(output, targets, output_lengths, target_lengths)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
