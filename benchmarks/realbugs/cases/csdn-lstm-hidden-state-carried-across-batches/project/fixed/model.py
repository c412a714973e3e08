import torch
import torch.nn as nn


class LSTMModel(nn.Module):
    def __init__(self, embedding_dim=6, hidden_dim=16, num_layers=2):
        super().__init__()
        self.lstm = nn.LSTM(embedding_dim, hidden_dim, num_layers=num_layers, batch_first=True)
        self.fc = nn.Linear(hidden_dim, embedding_dim)

    def forward(self, x, h0, c0):
        out, (hn, cn) = self.lstm(x, (h0, c0))
        return self.fc(out), (hn, cn)
