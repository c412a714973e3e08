# TreB1eN/InsightFace_Pytorch#93: Arcface kernel becomes NaN after loss.backward()/optimizer.step().
import math
import torch
import torch.nn as nn

torch.manual_seed(0)


def l2_norm(input, axis=1):
    norm = torch.norm(input, 2, axis, True)
    output = torch.div(input, norm)
    return output


class Arcface(nn.Module):
    def __init__(self, embedding_size=512, classnum=10, s=64., m=0.5):
        super().__init__()
        self.kernel = nn.Parameter(torch.Tensor(embedding_size, classnum))
        self.kernel.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)
        self.m, self.s = m, s
        self.cos_m, self.sin_m = math.cos(m), math.sin(m)
        self.mm = self.sin_m * m
        self.threshold = math.cos(math.pi - m)

    def forward(self, embbedings, label):
        nB = len(embbedings)
        kernel_norm = l2_norm(self.kernel, axis=0)
        cos_theta = torch.mm(embbedings, kernel_norm)
        cos_theta = cos_theta.clamp(-1, 1)  # for numerical stability
        cos_theta_2 = torch.pow(cos_theta, 2)
        sin_theta_2 = 1 - cos_theta_2
        sin_theta = torch.sqrt(sin_theta_2)
        cos_theta_m = (cos_theta * self.cos_m - sin_theta * self.sin_m)
        cond_v = cos_theta - self.threshold
        cond_mask = cond_v <= 0
        keep_val = (cos_theta - self.mm)
        cos_theta_m[cond_mask] = keep_val[cond_mask]
        output = cos_theta * 1.0
        idx_ = torch.arange(0, nB, dtype=torch.long)
        output[idx_, label] = cos_theta_m[idx_, label]
        output *= self.s
        return output


metric = Arcface()
optimizer = torch.optim.SGD(metric.parameters(), lr=0.1)
loss_CE = nn.CrossEntropyLoss()
labels = torch.arange(10)
# backbone output that has converged onto its class centre (cos_theta == 1 after the clamp)
feature = metric.kernel.detach().t().clone().requires_grad_()
arc_output = metric(l2_norm(feature), labels)
loss = loss_CE(arc_output, labels)
loss.backward()
optimizer.step()
