import torch

from data import make_loader
from model import LSTMModel

torch.manual_seed(0)

EPOCH, num_layers, batch_size, hidden_dim, embedding_dim = 1, 2, 4, 16, 6
lstm = LSTMModel(embedding_dim, hidden_dim, num_layers)
optimizer = torch.optim.Adam(lstm.parameters(), lr=1e-3)
loss_fn = torch.nn.MSELoss()
data_loader = make_loader(batch_size=batch_size, embedding_dim=embedding_dim)

loss = None
for epoch in range(EPOCH):
    h0 = torch.randn((num_layers, batch_size, hidden_dim), requires_grad=False)
    c0 = torch.randn((num_layers, batch_size, hidden_dim), requires_grad=False)
    for batch in data_loader:
        optimizer.zero_grad()
        h0, c0 = h0.detach(), c0.detach()
        output, (h0, c0) = lstm(batch[0], h0, c0)
        loss = loss_fn(output.reshape(-1, embedding_dim), batch[1].reshape(-1, embedding_dim))
        loss.backward(retain_graph=True)
        optimizer.step()
