# GRIST ID-22: git1_rbm My_pytorch1.py, RBM free energy wx_b.exp().add(1).log() overflows to inf
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

torch.manual_seed(0)
batch_size = 8


class RBM(nn.Module):
    def __init__(self, n_vis, n_hid, k):
        super(RBM, self).__init__()
        self.W = nn.Parameter(torch.randn(n_hid, n_vis) * 1e-2)
        self.v_bias = nn.Parameter(torch.zeros(n_vis))
        self.h_bias = nn.Parameter(torch.zeros(n_hid))
        self.k = k

    def vis_hid(self, v):
        p_h = F.sigmoid(F.linear(v, self.W, self.h_bias))
        sample_h = F.relu(torch.sign(p_h - Variable(torch.rand(p_h.size()))))
        return p_h, sample_h

    def hid_vis(self, h):
        p_v = F.sigmoid(F.linear(h, self.W.t(), self.v_bias))
        sample_v = F.relu(torch.sign(p_v - Variable(torch.rand(p_v.size()))))
        return p_v, sample_v

    def forward(self, v):
        h0, h_ = self.vis_hid(v)
        for _ in range(self.k):
            v0_, v_ = self.hid_vis(h_)
            h0_, h_ = self.vis_hid(v_)
        return v, v_

    def free_energy(self, v):
        wx_b = F.linear(v, self.W, self.h_bias)
        vbias_term = v.mv(self.v_bias)
        hidden_term = F.softplus(wx_b).sum(1)
        return (-hidden_term - vbias_term).mean()


rbm = RBM(n_vis=784, n_hid=500, k=1)
train_op = optim.SGD(rbm.parameters(), 0.1)

# triggering input: a batch of images with raw 0-255 intensities (GRIST feeds the batch straight into the RBM)
data = (torch.rand(batch_size, 1, 28, 28) < 0.2).float() * 255
sample_data = Variable(data.view(-1, 784), requires_grad=True)
v, v1 = rbm(sample_data)
loss = rbm.free_energy(v) - rbm.free_energy(v1)
train_op.zero_grad()
loss.backward()
train_op.step()
