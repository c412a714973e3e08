import torch
import torch.optim as optim

from modules.loss import AdvLoss
from modules.sag_resnet import sag_resnet

torch.manual_seed(0)

w_adv = 0.1
clip_adv = 0.1
model = sag_resnet(num_classes=7)
optim_hyperparams = {'lr': 0.004, 'weight_decay': 1e-4, 'momentum': 0.9}
optimizer = optim.SGD(model.parameters(), **optim_hyperparams)
criterion = torch.nn.CrossEntropyLoss()
optimizer_style = optim.SGD(model.style_params(), **optim_hyperparams)
optimizer_adv = optim.SGD(model.adv_params(), **optim_hyperparams)
criterion_adv = AdvLoss()


def train(data, label):
    model.train()
    # forward
    y, y_style = model(data)

    # learn style
    loss_style = criterion(y_style, label)
    optimizer_style.zero_grad()
    loss_style.backward(retain_graph=True)
    optimizer_style.step()

    # learn style_adv
    loss_adv = w_adv * criterion_adv(y_style)
    optimizer_adv.zero_grad()
    loss_adv.backward(retain_graph=True)
    torch.nn.utils.clip_grad_norm_(model.adv_params(), clip_adv)
    optimizer_adv.step()

    # learn content
    loss = criterion(y, label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss, loss_style, loss_adv


data = torch.randn(8, 3, 16, 16)
label = torch.randint(0, 7, (8,))
loss, loss_style, loss_adv = None, None, None
loss, loss_style, loss_adv = train(data, label)
