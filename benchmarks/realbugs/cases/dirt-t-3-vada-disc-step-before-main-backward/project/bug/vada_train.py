import torch
from torch import nn

from models import Classifier, Discriminator
from vat import ConditionalEntropyLoss

torch.manual_seed(0)
feature_discriminator = Discriminator()
classifier = Classifier()

cent = ConditionalEntropyLoss()
xent = nn.CrossEntropyLoss(reduction='mean')
sigmoid_xent = nn.BCEWithLogitsLoss(reduction='mean')

optimizer_cls = torch.optim.Adam(classifier.parameters(), lr=1e-3, betas=(0.5, 0.999))
optimizer_disc = torch.optim.Adam(feature_discriminator.parameters(), lr=1e-3, betas=(0.5, 0.999))

dw, cw, tw = 1e-2, 1, 1e-2

for step in range(2):
    images_source, labels_source = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
    images_target = torch.randn(8, 3, 16, 16)

    feats_source, pred_source = classifier(images_source)
    feats_target, pred_target = classifier(images_target, track_bn=True)

    # discriminator loss.
    real_logit_disc = feature_discriminator(feats_source.detach())
    fake_logit_disc = feature_discriminator(feats_target.detach())
    loss_disc = 0.5 * (
            sigmoid_xent(real_logit_disc, torch.ones_like(real_logit_disc)) +
            sigmoid_xent(fake_logit_disc, torch.zeros_like(fake_logit_disc))
    )

    # classifier losses.
    loss_src_class = xent(pred_source, labels_source)
    loss_trg_cent = cent(pred_target)

    # domain loss.
    real_logit = feature_discriminator(feats_source)
    fake_logit = feature_discriminator(feats_target)
    loss_domain = 0.5 * (
            sigmoid_xent(real_logit, torch.zeros_like(real_logit)) +
            sigmoid_xent(fake_logit, torch.ones_like(fake_logit))
    )

    loss_main = dw * loss_domain + cw * loss_src_class + tw * loss_trg_cent

    # Update discriminator.
    optimizer_disc.zero_grad()
    loss_disc.backward()
    optimizer_disc.step()

    # Update classifier.
    optimizer_cls.zero_grad()
    loss_main.backward()
    optimizer_cls.step()
