# Fix from the thread: back-propagate the generator loss without stepping, compute and
# back-propagate the discriminator loss, then step GenB and the discriminator.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.init as init
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


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


def calc_genb_loss(logits, bias, labels):
    gen_grad = torch.clamp(2 * labels * torch.sigmoid(-2 * labels * bias.detach()), 0, 1)
    loss = F.binary_cross_entropy_with_logits(logits, gen_grad)
    loss *= labels.size(1)
    return loss


def train(model, genb, discriminator, train_loader, num_epochs=1):
    optim = torch.optim.Adamax(filter(lambda p: p.requires_grad, model.parameters()), lr=0.001)
    optim_G = torch.optim.Adamax(filter(lambda p: p.requires_grad, genb.parameters()), lr=0.001)
    optim_D = torch.optim.Adamax(filter(lambda p: p.requires_grad, discriminator.parameters()), lr=0.001)

    genb.train(True)
    discriminator.train(True)

    kld = nn.KLDivLoss(reduction='batchmean')
    bce = nn.BCELoss()

    total_loss = 0
    for epoch in range(num_epochs):
        for i, (v, q, a) in enumerate(train_loader):
            v = v.requires_grad_()
            valid = torch.ones(v.size(0), 1)
            fake = torch.zeros(v.size(0), 1)

            # get model output
            optim.zero_grad()
            pred = model(v, q)

            # train genb
            optim_G.zero_grad()
            optim_D.zero_grad()

            pred_g = genb(v, q, gen=True)
            g_loss = F.binary_cross_entropy_with_logits(pred_g, a, reduction='none').mean()
            g_loss *= a.size(1)

            vae_preds = discriminator(pred_g)
            main_preds = discriminator(pred)

            g_distill = kld(pred_g, pred.detach())
            dsc_loss = bce(vae_preds, valid) + bce(main_preds, valid)

            g_loss += dsc_loss + g_distill * 5
            g_loss.backward(retain_graph=True)
            # done training genb

            # train the discriminator
            dsc_loss = bce(vae_preds, fake) + bce(main_preds, valid)
            dsc_loss.backward(retain_graph=True)
            nn.utils.clip_grad_norm_(genb.parameters(), 0.25)
            optim_G.step()
            optim_D.step()
            # done training the discriminator

            # use genb to train the robust model
            genb.train(False)
            pred_g = genb(v, q, gen=False)

            genb_loss = calc_genb_loss(pred, pred_g, a)
            genb_loss.backward()

            nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            optim.step()

            genb.train(True)
            total_loss += genb_loss.item() * q.size(0)

    total_loss /= len(train_loader.dataset)
    return total_loss


torch.manual_seed(0)
np.random.seed(0)

ntoken, v_dim, num_hid, num_ans = 100, 16, 64, 10
num_objs, q_len, n = 6, 8, 16

features = torch.randn(n, num_objs, v_dim).abs()
questions = torch.randint(0, ntoken, (n, q_len))
answers = torch.zeros(n, num_ans)
answers[torch.arange(n), torch.randint(0, num_ans, (n,))] = 1.0
train_loader = DataLoader(TensorDataset(features, questions, answers), batch_size=8, shuffle=True)

model = BaseModel(ntoken, v_dim, num_hid, num_ans)
genb = GenB(ntoken, v_dim, num_hid, num_ans)
discriminator = Discriminator(num_hid, num_ans)

total_loss = train(model, genb, discriminator, train_loader, num_epochs=1)
print('train_loss', total_loss)
