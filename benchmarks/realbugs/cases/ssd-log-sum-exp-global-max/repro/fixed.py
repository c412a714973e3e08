import torch
import torch.nn.functional as F

torch.manual_seed(0)


def log_sum_exp(x):
    x_max, _ = torch.max(x, dim=1, keepdim=True)
    return torch.log(torch.sum(torch.exp(x - x_max), 1, keepdim=True)) + x_max


num_classes = 5
batch_conf = torch.randn(12, num_classes) * 2.0
batch_conf[3, 1] = 60.0
batch_conf[7] = torch.tensor([-45.0, -52.0, -50.0, -48.0, -55.0])
conf_t = torch.zeros(12, dtype=torch.long)
conf_t[3] = 1

loss_c = log_sum_exp(batch_conf) - batch_conf.gather(1, conf_t.view(-1, 1))
print("per-anchor conf loss", loss_c.view(-1))
