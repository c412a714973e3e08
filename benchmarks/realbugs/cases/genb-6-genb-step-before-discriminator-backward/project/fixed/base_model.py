import numpy as np
import torch
import torch.nn as nn
import torch.nn.init as init


def kaiming_init(m):
    if isinstance(m, (nn.Linear, nn.Conv2d)):
        init.kaiming_normal_(m.weight)
        if m.bias is not None:
            m.bias.data.fill_(0)
    elif isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
        m.weight.data.fill_(1)
        if m.bias is not None:
            m.bias.data.fill_(0)


class BaseModel(nn.Module):
    def __init__(self, ntoken, v_dim, num_hid, num_ans):
        super(BaseModel, self).__init__()
        self.w_emb = nn.Embedding(ntoken, 32)
        self.q_emb = nn.GRU(32, num_hid, batch_first=True)
        self.v_att = nn.Linear(v_dim + num_hid, 1)
        self.q_net = nn.Sequential(nn.Linear(num_hid, num_hid), nn.ReLU())
        self.v_net = nn.Sequential(nn.Linear(v_dim, num_hid), nn.ReLU())
        self.classifier = nn.Linear(num_hid, num_ans)

    def forward(self, v, q):
        w_emb = self.w_emb(q)
        _, q_emb = self.q_emb(w_emb)
        q_emb = q_emb[-1]
        att = self.v_att(torch.cat([v, q_emb.unsqueeze(1).expand(-1, v.size(1), -1)], 2))
        att = nn.functional.softmax(att, 1)
        v_emb = (att * v).sum(1)
        joint_repr = self.v_net(v_emb) * self.q_net(q_emb)
        return self.classifier(joint_repr)


class GenB(nn.Module):
    def __init__(self, ntoken, v_dim, num_hid, num_ans):
        super(GenB, self).__init__()
        self.num_hid = num_hid
        self.w_emb = nn.Embedding(ntoken, 32)
        self.q_emb = nn.GRU(32, num_hid, batch_first=True)
        self.v_att = nn.Linear(v_dim + num_hid, 1)
        self.q_net = nn.Sequential(nn.Linear(num_hid, num_hid), nn.ReLU())
        self.v_net = nn.Sequential(nn.Linear(v_dim, num_hid), nn.ReLU())
        self.classifier = nn.Sequential(nn.Linear(num_hid, num_hid * 2), nn.ReLU(), nn.Linear(num_hid * 2, num_ans))

        def block(in_feat, out_feat, normalize=True):
            layers = [nn.Linear(in_feat, out_feat)]
            if normalize:
                layers.append(nn.BatchNorm1d(out_feat, 0.8))
            layers.append(nn.LeakyReLU(0.2, inplace=True))
            return layers
        self.generate = nn.Sequential(
            *block(num_hid // 8, num_hid // 4),
            *block(num_hid // 4, num_hid // 2),
            nn.Linear(num_hid // 2, v_dim),
            nn.ReLU(inplace=True)
        )
        for m in self.generate:
            kaiming_init(m)

    def forward(self, v, q, gen=True):
        w_emb = self.w_emb(q)
        _, q_emb = self.q_emb(w_emb)
        q_emb = q_emb[-1]

        b, c, f = v.shape

        # generate from noise
        if gen == True:
            v_z = torch.from_numpy(np.random.normal(0, 1, (b, c, self.num_hid // 8))).float()
            v = self.generate(v_z.view(-1, self.num_hid // 8)).view(b, c, f)

        att = self.v_att(torch.cat([v, q_emb.unsqueeze(1).expand(-1, c, -1)], 2))
        att = nn.functional.softmax(att, 1)
        v_emb = (att * v).sum(1)
        joint_repr = self.v_net(v_emb) * self.q_net(q_emb)
        return self.classifier(joint_repr)


class Discriminator(nn.Module):
    def __init__(self, num_hid, num_ans):
        super(Discriminator, self).__init__()
        self.net = nn.Sequential(
            nn.Linear(num_ans, num_hid),
            nn.ReLU(True),
            nn.Linear(num_hid, num_hid // 2),
            nn.ReLU(True),
            nn.Linear(num_hid // 2, 1),
            nn.Sigmoid(),
        )

    def forward(self, z):
        return self.net(z)
