import torch
from GDE import GDE

torch.manual_seed(0)
user_size, item_size = 40, 60
model = GDE(user_size, item_size)
optimizer = torch.optim.Adam(model.parameters(), lr=0.03)

for epoch in range(2):
    u = torch.randint(0, user_size, (32,))
    p = torch.randint(0, item_size, (32,))
    n = torch.randint(0, item_size, (32,))
    loss = model(u, p, n, loss_type="bpr")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
