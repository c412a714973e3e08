import torch
import torch.optim as optim

from models.small_cnn import SmallCNN
from trades import trades_loss

torch.manual_seed(0)
model = SmallCNN()
# resume from the naturally pre-trained checkpoint: the classifier is very confident on clean digits
with torch.no_grad():
    model.fc2.weight.mul_(3000.0)
optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

data = torch.rand(8, 1, 28, 28)
target = torch.randint(0, 10, (8,))

model.train()
optimizer.zero_grad()
loss = trades_loss(model=model, x_natural=data, y=target, optimizer=optimizer,
                   step_size=0.01, epsilon=0.3, perturb_steps=3, beta=1.0)
loss.backward()
optimizer.step()
