import torch
import torch.nn as nn
import torch.nn.functional as F


class DecomposableAttention(nn.Module):
    def __init__(self, vocab_size=50, embedding_dim=8, hidden=16, num_labels=3, pretrained=None):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embedding_dim)
        if pretrained is not None:
            self.embed.weight.data.copy_(pretrained)
            self.embed.weight.requires_grad = False
        self.attend = nn.Linear(embedding_dim, hidden)
        self.compare = nn.Linear(2 * embedding_dim, hidden)
        self.aggregate = nn.Linear(2 * hidden, num_labels)

    def forward(self, premise, hypothesis):
        p, h = self.embed(premise), self.embed(hypothesis)
        sim = torch.bmm(self.attend(p), self.attend(h).transpose(1, 2))
        p2h = torch.bmm(F.softmax(sim, dim=-1), h)
        h2p = torch.bmm(F.softmax(sim.transpose(1, 2), dim=-1), p)
        v1 = self.compare(torch.cat([p, p2h], -1)).sum(1)
        v2 = self.compare(torch.cat([h, h2p], -1)).sum(1)
        return {"label_logits": self.aggregate(torch.cat([v1, v2], -1))}
