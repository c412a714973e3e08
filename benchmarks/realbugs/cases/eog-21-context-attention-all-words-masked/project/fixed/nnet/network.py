import torch
from torch import nn

from nnet.attention import Dot_Attention


class EOGMentionContext(nn.Module):
    """Mention nodes enriched with an attention-weighted context of their sentence."""

    def __init__(self, vocab_size, dim, num_rel):
        super().__init__()
        self.word_embed = nn.Embedding(vocab_size, dim)
        self.encoder = nn.Linear(dim, dim)
        self.attention = Dot_Attention(input_size=dim, device="cpu", scale=True)
        self.classifier = nn.Linear(2 * dim, num_rel)

    def forward(self, words, lengths, mentions):
        # words: [doc_len]; lengths: [n_sents]; mentions: [m, 5] = (id, type, start, end, sent)
        enc = torch.tanh(self.encoder(self.word_embed(words)))  # [doc_len, dim]
        sents = torch.split(enc, lengths.tolist(), dim=0)
        padded = nn.utils.rnn.pad_sequence(sents, batch_first=True)  # [n_sents, max_len, dim]

        queries = torch.stack([enc[s:e].mean(dim=0) for s, e in mentions[:, 2:4].tolist()])
        values = torch.index_select(padded, 0, mentions[:, 4])  # words of each mention's sentence
        alpha = self.attention(queries, values, mentions, lengths)
        context = torch.bmm(alpha.unsqueeze(1), values).squeeze(1)
        return self.classifier(torch.cat([queries, context], dim=-1))
