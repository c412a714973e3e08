import torch


class CudnnLstmModel(torch.nn.Module):
    """LSTM model with linear input and output layers."""

    def __init__(self, nx, ny, hidden_size, dr=0.5):
        super().__init__()
        self.nx = nx
        self.ny = ny
        self.hidden_size = hidden_size
        self.linear_in = torch.nn.Linear(nx, hidden_size)
        self.lstm = torch.nn.LSTM(hidden_size, hidden_size)
        self.linear_out = torch.nn.Linear(hidden_size, ny)
        self.dropout = torch.nn.Dropout(dr)

    def forward(self, x):
        x0 = torch.relu(self.linear_in(x))
        out_lstm, _ = self.lstm(x0)
        return self.linear_out(self.dropout(out_lstm))
