import torch.nn as nn

from crf import LinearCRF


class BiLSTMCRF(nn.Module):
    def __init__(self, vocab_size, num_tags, emb_dim=16, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb_dim)
        self.lstm = nn.LSTM(emb_dim, hidden, bidirectional=True)
        self.hidden2tag = nn.Linear(2 * hidden, num_tags)
        self.crf = LinearCRF(num_tags)

    def forward(self, words, tags):
        h, _ = self.lstm(self.embed(words).unsqueeze(1))
        scores = self.hidden2tag(h.squeeze(1))
        return self.crf(scores, tags)
