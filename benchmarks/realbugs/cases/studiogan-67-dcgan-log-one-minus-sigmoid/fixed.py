import torch
import torch.nn as nn

torch.manual_seed(0)

dis_out_real = torch.tensor([3.0, 25.0, 8.0], requires_grad=True)
dis_out_fake = torch.tensor([-4.0, 20.0, 1.0], requires_grad=True)
ones = torch.ones_like(dis_out_fake)
dis_loss = -torch.mean(nn.LogSigmoid()(dis_out_real) + nn.LogSigmoid()(-dis_out_fake))
dis_loss.backward()
print(dis_loss, dis_out_fake.grad)
