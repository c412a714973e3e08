import torch
import torch.nn as nn


def loss_dcgan_dis(dis_out_real, dis_out_fake):
    ones = torch.ones_like(dis_out_fake)
    dis_loss = -torch.mean(torch.log(torch.sigmoid(dis_out_real)) + torch.log(ones - torch.sigmoid(dis_out_fake)))
    return dis_loss


def loss_dcgan_gen(gen_out_fake):
    return -torch.mean(nn.LogSigmoid()(gen_out_fake))
