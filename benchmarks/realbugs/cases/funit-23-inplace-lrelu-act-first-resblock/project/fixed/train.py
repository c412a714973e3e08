import torch
import torch.nn.functional as F

from networks import GPPatchMcResDis

torch.manual_seed(0)
dis = GPPatchMcResDis(nf=8, n_layers=2, num_classes=5)
dis_opt = torch.optim.RMSprop(dis.parameters(), lr=1e-4)
xb = torch.randn(4, 3, 32, 32)
lb = torch.randint(0, 5, (4,))

for it in range(2):
    dis_opt.zero_grad()
    resp_r, gan_feat = dis(xb, lb)
    l_real = F.relu(1.0 - resp_r).mean()
    l_real.backward()
    dis_opt.step()
    print(it, l_real.item())
