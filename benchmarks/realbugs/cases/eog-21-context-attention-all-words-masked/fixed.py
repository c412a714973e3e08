# fenchri/edge-oriented-graph#21 fixed: the upstream 'naive fix' for rows where every context word is masked (uniform logits, then zero weights).
import math
import torch
from torch import nn
import torch.nn.functional as F


class Dot_Attention(nn.Module):
    """
    Adaptation from "Attention is all you need".
    Here the query is the target pair and the keys/values are the words of the sentence.
    """
    def __init__(self, input_size, device=-1, scale=False):
        super(Dot_Attention, self).__init__()
        self.softmax = nn.Softmax(dim=2)
        self.scale = scale
        if scale:
            self.sc = 1.0 / math.sqrt(input_size)
        self.device = device

    def create_mask(self, alpha, size_, lengths, idx_):
        """ Put 1 in valid tokens """
        mention_sents = torch.index_select(lengths, 0, idx_[:, 4])

        # mask padded words (longer that sentence length)
        tempa = torch.arange(size_).unsqueeze(0).repeat(alpha.shape[0], 1).to(self.device)
        mask_a = torch.ge(tempa, mention_sents[:, None])

        # mask tokens that are used as queries
        tempb = torch.arange(lengths.size(0)).unsqueeze(0).repeat(alpha.shape[0], 1).to(self.device)
        sents = torch.where(torch.lt(tempb, idx_[:, 4].unsqueeze(1)),
                            lengths.unsqueeze(0).repeat(alpha.shape[0], 1),
                            torch.zeros_like(lengths.unsqueeze(0).repeat(alpha.shape[0], 1)))

        total_l = torch.cumsum(sents, dim=1)[:, -1]
        mask_b = torch.ge(tempa, (idx_[:, 2] - total_l)[:, None]) & torch.lt(tempa, (idx_[:, 3] - total_l)[:, None])

        mask = ~(mask_a | mask_b)
        del tempa, tempb, total_l
        return mask

    def forward(self, queries, values, idx, lengths):
        """
        a = softmax( q * H^T )
        v = a * H
        """
        alpha = torch.matmul(queries.unsqueeze(1), values.transpose(1, 2))

        if self.scale:
            alpha = alpha * self.sc

        mask_ = self.create_mask(alpha, values.size(1), lengths, idx)
        alpha = torch.where(mask_.unsqueeze(1),
                            alpha,
                            torch.as_tensor([float('-inf')]).to(self.device))

        # in case all context words are masked (e.g. only 2 mentions in the sentence) -- a naive fix
        alpha = torch.where(torch.isinf(alpha).all(dim=2, keepdim=True), torch.full_like(alpha, 1.0), alpha)
        alpha = self.softmax(alpha)
        alpha = torch.where(torch.eq(alpha, 1/alpha.shape[2]).all(dim=2, keepdim=True), torch.zeros_like(alpha), alpha)

        alpha = torch.squeeze(alpha, 1)
        return alpha


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


torch.manual_seed(0)

model = EOGMentionContext(vocab_size=30, dim=16, num_rel=3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# doc: sentence 0 has 5 tokens, sentence 1 is a 2-token title made of one entity name
words = torch.tensor([3, 7, 8, 12, 4, 21, 22])
lengths = torch.tensor([5, 2])
# mentions: (id, type, start, end, sentence)
mentions = torch.tensor([[0, 1, 1, 3, 0], [1, 2, 5, 7, 1]])
labels = torch.tensor([1, 2])

optimizer.zero_grad()
logits = model(words, lengths, mentions)
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
