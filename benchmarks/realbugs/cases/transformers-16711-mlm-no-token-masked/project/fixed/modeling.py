import torch.nn as nn
from torch.nn import CrossEntropyLoss


class TinyBertForMaskedLM(nn.Module):
    def __init__(self, vocab_size=50, hidden=16):
        super().__init__()
        self.config_vocab_size = vocab_size
        self.embeddings = nn.Embedding(vocab_size, hidden)
        self.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(hidden, 2, 32, dropout=0.0, batch_first=True), 1)
        self.cls = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.LayerNorm(hidden), nn.Linear(hidden, vocab_size))

    def forward(self, input_ids, labels=None):
        sequence_output = self.encoder(self.embeddings(input_ids))
        prediction_scores = self.cls(sequence_output)
        masked_lm_loss = None
        if labels is not None:
            loss_fct = CrossEntropyLoss()  # -100 index = padding token
            if (labels != -100).any():
                masked_lm_loss = loss_fct(prediction_scores.view(-1, self.config_vocab_size), labels.view(-1))
            else:
                masked_lm_loss = prediction_scores.sum() * 0.0
        return masked_lm_loss, prediction_scores
