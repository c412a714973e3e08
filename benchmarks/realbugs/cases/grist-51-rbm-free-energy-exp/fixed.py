# GRIST ID-51: RBM rbm.py, free energy wx_b.exp().add(1).log() overflows to inf for large inputs
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

torch.manual_seed(0)


class RBM(nn.Module):
    def __init__(self,
                 n_vis=784,
                 n_hin=500,
                 k=5):
        super(RBM, self).__init__()
        self.W = nn.Parameter(torch.randn(n_hin, n_vis) * 1e-2)
        self.v_bias = nn.Parameter(torch.zeros(n_vis))
        self.h_bias = nn.Parameter(torch.zeros(n_hin))
        self.k = k

    def sample_from_p(self, p):
        return F.relu(torch.sign(p - Variable(torch.rand(p.size()))))

    def v_to_h(self, v):
        p_h = F.sigmoid(F.linear(v, self.W, self.h_bias))
        sample_h = self.sample_from_p(p_h)
        return p_h, sample_h

    def h_to_v(self, h):
        p_v = F.sigmoid(F.linear(h, self.W.t(), self.v_bias))
        sample_v = self.sample_from_p(p_v)
        return p_v, sample_v

    def forward(self, v):
        pre_h1, h1 = self.v_to_h(v)
        h_ = h1
        for _ in range(self.k):
            pre_v_, v_ = self.h_to_v(h_)
            pre_h_, h_ = self.v_to_h(v_)
        return v, v_

    def free_energy(self, v):
        vbias_term = v.mv(self.v_bias)
        wx_b = F.linear(v, self.W, self.h_bias)
        hidden_term = F.softplus(wx_b).sum(1)
        return (-hidden_term - vbias_term).mean()


batch_size = 8
rbm = RBM(k=1)
train_op = optim.SGD(rbm.parameters(), 0.1)

# triggering input: pixel intensities far outside [0, 1] (0-255), fed straight in as in GRIST's harness
data = torch.randint(0, 256, (batch_size, 1, 28, 28)).float()
data = Variable(data.view(-1, 784))
v, v1 = rbm(data)
loss = rbm.free_energy(v) - rbm.free_energy(v1)
train_op.zero_grad()
loss.backward()
train_op.step()
