import torch.nn as nn


class BlockRNNModel(nn.Module):
    def __init__(self, input_chunk_length, output_chunk_length, hidden_dim=16):
        super().__init__()
        self.rnn = nn.GRU(1, hidden_dim, batch_first=True)
        self.fc = nn.Linear(hidden_dim, output_chunk_length)

    def forward(self, x):
        out, _ = self.rnn(x.unsqueeze(-1))
        return self.fc(out[:, -1])
