# fixed as suggested in dirt-t#3: update the discriminator right after loss_disc, before the domain loss
# is built through it.
# ozanciga/dirt-t#3: vada_train.py builds the domain loss through the feature discriminator, then runs
# optimizer_disc.step() (in place on the discriminator weights) before loss_main.backward() needs them.
import torch
from torch import nn

torch.manual_seed(0)
feature_extractor = nn.Sequential(nn.Linear(20, 32), nn.ReLU())
head = nn.Linear(32, 10)
feature_discriminator = nn.Sequential(nn.Linear(32, 100), nn.ReLU(), nn.Linear(100, 1))
sigmoid_xent = nn.BCEWithLogitsLoss(reduction='mean')
xent = nn.CrossEntropyLoss()
optimizer_cls = torch.optim.Adam(list(feature_extractor.parameters()) + list(head.parameters()), lr=1e-3)
optimizer_disc = torch.optim.Adam(feature_discriminator.parameters(), lr=1e-3)

x_src, y_src, x_trg = torch.randn(8, 20), torch.randint(0, 10, (8,)), torch.randn(8, 20)
feats_source, feats_target = feature_extractor(x_src), feature_extractor(x_trg)

real_logit_disc = feature_discriminator(feats_source.detach())
fake_logit_disc = feature_discriminator(feats_target.detach())
loss_disc = 0.5 * (sigmoid_xent(real_logit_disc, torch.ones_like(real_logit_disc)) +
                   sigmoid_xent(fake_logit_disc, torch.zeros_like(fake_logit_disc)))
optimizer_disc.zero_grad()
loss_disc.backward()
optimizer_disc.step()

real_logit = feature_discriminator(feats_source)
fake_logit = feature_discriminator(feats_target)
loss_domain = 0.5 * (sigmoid_xent(real_logit, torch.zeros_like(real_logit)) +
                     sigmoid_xent(fake_logit, torch.ones_like(fake_logit)))
loss_main = 1e-2 * loss_domain + xent(head(feats_source), y_src)

optimizer_cls.zero_grad()
loss_main.backward()
optimizer_cls.step()
