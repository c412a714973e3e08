import torch.nn as nn

from attention import MultiHeadSelfAttention


class TransformerBlock(nn.Module):
    def __init__(self, dim, n_heads, hidden_dim):
        super().__init__()
        self.attention = MultiHeadSelfAttention(dim, n_heads)
        self.sa_layer_norm = nn.LayerNorm(dim, eps=1e-12)
        self.ffn = nn.Sequential(nn.Linear(dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, dim))
        self.output_layer_norm = nn.LayerNorm(dim, eps=1e-12)

    def forward(self, x, attn_mask):
        sa_output = self.attention(x, x, x, attn_mask)
        sa_output = self.sa_layer_norm(sa_output + x)
        return self.output_layer_norm(self.ffn(sa_output) + sa_output)


class DistilBertForSequenceClassification(nn.Module):
    def __init__(self, vocab_size=100, dim=16, n_heads=2, n_layers=2, num_labels=2):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.layers = nn.ModuleList([TransformerBlock(dim, n_heads, 4 * dim) for _ in range(n_layers)])
        self.pre_classifier = nn.Linear(dim, dim)
        self.classifier = nn.Linear(dim, num_labels)

    def forward(self, input_ids, attention_mask, labels=None):
        hidden = self.word_embeddings(input_ids)
        for layer in self.layers:
            hidden = layer(hidden, attention_mask)
        logits = self.classifier(nn.functional.relu(self.pre_classifier(hidden[:, 0])))
        loss = nn.functional.cross_entropy(logits, labels) if labels is not None else None
        return loss, logits
