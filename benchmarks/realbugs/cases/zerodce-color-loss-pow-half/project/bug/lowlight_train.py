import torch

import Myloss
import model

torch.manual_seed(0)
DCE_net = model.enhance_net_nopool()
L_color = Myloss.L_color()
L_exp = Myloss.L_exp(8, 0.6)
L_TV = Myloss.L_TV()
optimizer = torch.optim.Adam(DCE_net.parameters(), lr=1e-4, weight_decay=1e-4)

low_light = torch.rand(3, 3, 16, 16) * 0.3
over_exposed = torch.ones(1, 3, 16, 16)
train_loader = [low_light, over_exposed, low_light]

for iteration, img_lowlight in enumerate(train_loader):
    enhanced_image, A = DCE_net(img_lowlight)
    Loss_TV = 200 * L_TV(A)
    loss_col = 5 * torch.mean(L_color(enhanced_image))
    loss_exp = 10 * torch.mean(L_exp(enhanced_image))
    loss = Loss_TV + loss_col + loss_exp
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(DCE_net.parameters(), 0.1)
    optimizer.step()
    print(iteration, loss.item())
