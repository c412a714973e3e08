# pytorch/examples#779: word_language_model's manual SGD `p.add_(-lr, p.grad)` raises the leaf in-place error.
import torch
import torch.nn as nn

torch.manual_seed(0)


class RNNModel(nn.Module):
    def __init__(self, ntoken=20, ninp=8, nhid=8):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid)
        self.decoder = nn.Linear(nhid, ntoken)

    def forward(self, input):
        output, _ = self.rnn(self.encoder(input))
        return self.decoder(output)


model = RNNModel()
criterion = nn.CrossEntropyLoss()
lr = 20.0
clip = 0.25
data = torch.randint(0, 20, (5, 2))
targets = torch.randint(0, 20, (10,))

for step in range(2):
    model.zero_grad()
    output = model(data)
    loss = criterion(output.view(-1, 20), targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    for p in model.parameters():
        p.add_(p.grad, alpha=-lr)
