# Fixed as the post concludes: detach the carried hidden state at each batch (truncated BPTT).
# Stateful LSTM training: the hidden state returned for one batch is fed to the next without detach(),
# so the second backward runs on through the first batch's graph (hence retain_graph=True), whose
# saved LSTM weights optimizer.step() has meanwhile updated in place.
import torch
import torch.nn as nn

torch.manual_seed(0)

num_layers, batch_size, hidden_dim, embedding_dim = 2, 4, 16, 6
lstm = nn.LSTM(embedding_dim, hidden_dim, num_layers=num_layers, batch_first=True)
fc = nn.Linear(hidden_dim, embedding_dim)
optimizer = torch.optim.Adam(list(lstm.parameters()) + list(fc.parameters()), lr=1e-3)
loss_fn = nn.MSELoss()
batches = [(torch.randn(batch_size, 8, embedding_dim), torch.randn(batch_size, 8, embedding_dim)) for _ in range(3)]

loss = None
h0 = torch.randn((num_layers, batch_size, hidden_dim), requires_grad=False)
c0 = torch.randn((num_layers, batch_size, hidden_dim), requires_grad=False)
for x, y in batches:
    optimizer.zero_grad()
    h0, c0 = h0.detach(), c0.detach()
    out, (h0, c0) = lstm(x, (h0, c0))
    loss = loss_fn(fc(out), y)
    loss.backward(retain_graph=True)
    optimizer.step()
