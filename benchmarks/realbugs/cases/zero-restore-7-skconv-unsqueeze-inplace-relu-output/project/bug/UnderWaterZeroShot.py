import torch
import torch.nn as nn
import numpy as np

import model

import random
import warnings
warnings.filterwarnings("ignore")

torch.manual_seed(1)
np.random.seed(1)
random.seed(1)

def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv2d') != -1: 
        m.weight.data.normal_(0.0, 0.001)
    if classname.find('Linear') != -1: 
        m.weight.data.normal_(0.0, 0.001)


class I_TV(nn.Module):
    def __init__(self):
        super(I_TV,self).__init__()
        pass

    def forward(self,x):
        batch_size, h_x, w_x = x.size()[0], x.size()[2], x.size()[3]
        count_h, count_w = (h_x-1) * w_x, h_x * (w_x - 1)
        h_tv = torch.pow((x[:,:,1:,:]-x[:,:,:h_x-1,:]),2).sum()
        w_tv = torch.pow((x[:,:,:,1:]-x[:,:,:,:w_x-1]),2).sum()
        return (h_tv/count_h+w_tv/count_w)/batch_size


class L_color(nn.Module):
    def __init__(self):
        super(L_color, self).__init__()

    def forward(self, x):
        mean_rgb = torch.mean(x,[2,3],keepdim=True)
        mr,mg, mb = torch.split(mean_rgb, 1, dim=1)
        Drg = torch.pow(mr-mg,2)
        Drb = torch.pow(mr-mb,2)
        Dgb = torch.pow(mb-mg,2)
        k = torch.pow(torch.pow(Drg,2) + torch.pow(Drb,2) + torch.pow(Dgb,2),0.5)
        return k


_color = L_color()
_img_TV = I_TV()
itr_no = 1

_model = model.Model('watermodel')
_model.apply(weights_init)
optimizer = torch.optim.Adam(_model.parameters(), lr=1e-3, betas=(0.99, 0.999), eps=1e-08, weight_decay=1e-2)

# one underwater image (H, W multiples of 32)
Input = torch.rand(1, 3, 96, 96)

for k in range(itr_no):
    _model.train()
    Inputmage = Input
    optimizer.zero_grad()

    trans_map, atm_map, HazefreeImage = _model(Inputmage)

    px = 0.9
    _trans_map = px
    InputmageX = Inputmage*_trans_map + (1 - _trans_map)*atm_map
    trans_mapX, atm_mapX, HazefreeImageX = _model(InputmageX)

    otensor = torch.ones(HazefreeImage.shape)
    ztensor = torch.zeros(HazefreeImage.shape)

    lossT = torch.sum(torch.abs(trans_mapX - px*trans_map)) 

    lossMx = torch.sum(torch.max(HazefreeImage, otensor)) + torch.sum(torch.max(HazefreeImageX, otensor)) - 2*torch.sum(otensor) 
    lossMn = - torch.sum(torch.min(HazefreeImage, ztensor)) - torch.sum(torch.min(HazefreeImageX, ztensor))

    lossCLR = _color(HazefreeImage)
    lossA = torch.sum((atm_map - atm_mapX)**2)
    lossI = _img_TV(HazefreeImage)

    loss =   1000*lossCLR + lossT + lossA + 0.001*lossMx + 0.001*lossMn + 0.001*lossI 

    loss.backward()
    optimizer.step()
