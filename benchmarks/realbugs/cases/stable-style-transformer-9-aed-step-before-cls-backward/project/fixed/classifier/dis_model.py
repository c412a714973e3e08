import torch
import torch.nn as nn
import torch.nn.functional as F


class findattribute(nn.Module):
    def __init__(self, n_vocab=300, word_dim=16, channel_out=8):
        super(findattribute, self).__init__()
        self.PAD_IDX = 0
        self.word_emb = nn.Embedding(n_vocab, word_dim, self.PAD_IDX)
        self.conv2d_2 = nn.Conv2d(1, channel_out, (2, word_dim))
        self.fc = nn.Linear(channel_out, 2)

    def discriminator(self, token_idx):
        word_2d = self.word_emb(token_idx).unsqueeze(1)  # (batch, 1, seq_len, word_dim)
        x2 = F.relu(self.conv2d_2(word_2d)).squeeze(3)
        return self.fc(F.max_pool1d(x2, x2.size(2)).squeeze(2))

    def gen_discriminator(self, gen_out):
        """
        gen_out: (gen_len+2, batch, n_vocab)
        """
        gen_emb = gen_out[1:-1, :, :]  # (gen_len, batch, n_vocab)
        gen_emb = torch.bmm(gen_emb, self.word_emb.weight.repeat(gen_emb.shape[0], 1, 1))
        gen_emb = gen_emb.transpose(0, 1)  # (batch, gen_len, word_dim)
        word_2d = gen_emb.unsqueeze(1)  # (batch, 1, seq_len, word_dim)
        x2 = F.relu(self.conv2d_2(word_2d)).squeeze(3)
        return self.fc(F.max_pool1d(x2, x2.size(2)).squeeze(2))
