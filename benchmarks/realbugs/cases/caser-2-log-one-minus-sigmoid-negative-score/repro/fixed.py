"""Caser: log(1 - sigmoid(score)) for a sampled negative with a large score.

Source: https://github.com/graytowne/caser_pytorch/issues/2
Fix (from the maintainer): clamp the predictions to [-10, 10] before computing the losses.
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

activation_getter = {'iden': lambda x: x, 'relu': F.relu, 'tanh': torch.tanh, 'sigm': torch.sigmoid}


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

torch.manual_seed(1234)
model_args = SimpleNamespace(L=5, d=50, nv=4, nh=16, drop=0.5, ac_conv='relu', ac_fc='relu')
num_users, num_items, T, neg_samples = 32, 100, 3, 3
net = Caser(num_users, num_items, model_args)
optimizer = optim.Adam(net.parameters(), weight_decay=1e-6, lr=1e-3)

# after some epochs the bias of the most popular item (id 7), a positive target for
# almost every user, has grown large; here it is sampled as a negative for one user
with torch.no_grad():
    net.b2.weight[7] = 20.0

sequence_var = torch.randint(1, num_items, (8, model_args.L))
user_var = torch.randint(0, num_users, (8, 1))
item_target_var = torch.randint(1, num_items, (8, T))
item_negative_var = torch.randint(8, num_items, (8, neg_samples * T))
item_negative_var[0, 0] = 7

target_prediction = net(sequence_var, user_var, item_target_var)
negative_prediction = net(sequence_var, user_var, item_negative_var, use_cache=True)

optimizer.zero_grad()
# compute the binary cross-entropy loss
target_prediction = torch.clamp(target_prediction, min=-10.0, max=10.0)
negative_prediction = torch.clamp(negative_prediction, min=-10.0, max=10.0)
positive_loss = -torch.mean(torch.log(torch.sigmoid(target_prediction)))
negative_loss = -torch.mean(torch.log(1 - torch.sigmoid(negative_prediction)))
loss = positive_loss + negative_loss
loss.backward()
optimizer.step()
