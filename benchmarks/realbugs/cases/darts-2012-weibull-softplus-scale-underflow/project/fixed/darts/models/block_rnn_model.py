import torch.nn as nn


class _BlockRNNModule(nn.Module):
    def __init__(self, input_chunk_length, output_chunk_length, nr_params, hidden_dim=16):
        super().__init__()
        self.output_chunk_length = output_chunk_length
        self.nr_params = nr_params
        self.rnn = nn.GRU(1, hidden_dim, batch_first=True)
        self.fc = nn.Linear(hidden_dim, output_chunk_length * nr_params)

    def forward(self, x):
        out, hidden = self.rnn(x)
        predictions = self.fc(hidden[-1])
        # (batch, output_chunk_length, target_dim, nr_params)
        return predictions.view(x.shape[0], self.output_chunk_length, 1, self.nr_params)
