import torch
import torch.nn as nn
import torch.nn.functional as F

from utils import activation_getter


class Caser(nn.Module):
    """
    Convolutional Sequence Embedding Recommendation Model (Caser).
    """

    def __init__(self, num_users, num_items, model_args):
        super(Caser, self).__init__()
        self.args = model_args

        L = self.args.L
        dims = self.args.d
        self.n_h = self.args.nh
        self.n_v = self.args.nv
        self.drop_ratio = self.args.drop
        self.ac_conv = activation_getter[self.args.ac_conv]
        self.ac_fc = activation_getter[self.args.ac_fc]

        self.user_embeddings = nn.Embedding(num_users, dims)
        self.item_embeddings = nn.Embedding(num_items, dims)

        self.conv_v = nn.Conv2d(1, self.n_v, (L, 1))
        lengths = [i + 1 for i in range(L)]
        self.conv_h = nn.ModuleList([nn.Conv2d(1, self.n_h, (i, dims)) for i in lengths])

        self.fc1_dim_v = self.n_v * dims
        self.fc1_dim_h = self.n_h * len(lengths)
        fc1_dim_in = self.fc1_dim_v + self.fc1_dim_h
        self.fc1 = nn.Linear(fc1_dim_in, dims)
        self.W2 = nn.Embedding(num_items, dims+dims)
        self.b2 = nn.Embedding(num_items, 1)

        self.dropout = nn.Dropout(self.drop_ratio)

        self.user_embeddings.weight.data.normal_(0, 1.0 / self.user_embeddings.embedding_dim)
        self.item_embeddings.weight.data.normal_(0, 1.0 / self.item_embeddings.embedding_dim)
        self.W2.weight.data.normal_(0, 1.0 / self.W2.embedding_dim)
        self.b2.weight.data.zero_()

        self.cache_x = None

    def forward(self, seq_var, user_var, item_var, use_cache=False):
        if not use_cache:
            item_embs = self.item_embeddings(seq_var).unsqueeze(1)
            user_emb = self.user_embeddings(user_var).squeeze(1)

            out_v = self.conv_v(item_embs).squeeze(2)
            out_v = out_v.view(-1, self.fc1_dim_v)

            out_hs = list()
            for conv in self.conv_h:
                conv_out = self.ac_conv(conv(item_embs).squeeze(3))
                pool_out = F.max_pool1d(conv_out, conv_out.size(2)).squeeze(2)
                out_hs.append(pool_out)
            out_h = torch.cat(out_hs, 1)

            out = torch.cat([out_v, out_h], 1)
            out = self.dropout(out)
            z = self.ac_fc(self.fc1(out))
            x = torch.cat([z, user_emb], 1)
            self.cache_x = x
        else:
            x = self.cache_x

        w2 = self.W2(item_var)
        b2 = self.b2(item_var)
        results = []
        for i in range(item_var.size(1)):
            w2i = w2[:, i, :]
            b2i = b2[:, i, 0]
            result = (x * w2i).sum(1) + b2i
            results.append(result)
        return torch.stack(results, 1)
