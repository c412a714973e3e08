import torch
import torch.nn as nn

from config.config import Config
from models import ArcMarginProduct

torch.manual_seed(0)

opt = Config()
model = nn.Linear(opt.feature_dim, opt.feature_dim, bias=False)
nn.init.eye_(model.weight)
metric_fc = ArcMarginProduct(opt.feature_dim, opt.num_classes, s=30, m=0.5, easy_margin=opt.easy_margin)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD([{"params": model.parameters()}, {"params": metric_fc.parameters()}], lr=opt.lr)
data_input = metric_fc.weight.detach().clone()
label = torch.arange(opt.num_classes)
feature = model(data_input)
output = metric_fc(feature, label)
loss = criterion(output, label)
optimizer.zero_grad()
loss.backward()
optimizer.step()
