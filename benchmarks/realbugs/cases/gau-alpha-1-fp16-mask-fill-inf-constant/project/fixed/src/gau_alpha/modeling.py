import torch.nn as nn

from .layer import GAULayer, Norm


class GAUAlphaForSequenceClassification(nn.Module):
    def __init__(self, vocab_size=1000, hidden_size=64, intermediate_size=128,
                 attention_key_size=32, num_hidden_layers=2, num_labels=2):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden_size)
        self.norm = Norm()
        self.encoder = nn.ModuleList([
            GAULayer(hidden_size, intermediate_size, attention_key_size)
            for _ in range(num_hidden_layers)
        ])
        self.classifier = nn.Linear(hidden_size, num_labels)

    def forward(self, input_ids, attention_mask=None):
        hidden_states = self.norm(self.embeddings(input_ids))
        if attention_mask is not None:
            attention_mask = attention_mask.to(hidden_states.dtype)
        for layer in self.encoder:
            hidden_states = layer(hidden_states, attention_mask)
        return self.classifier(hidden_states[:, 0])
