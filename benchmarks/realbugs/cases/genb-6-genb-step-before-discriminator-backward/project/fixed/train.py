import torch
import torch.nn as nn
import torch.nn.functional as F


def calc_genb_loss(logits, bias, labels):
    gen_grad = torch.clamp(2 * labels * torch.sigmoid(-2 * labels * bias.detach()), 0, 1)
    loss = F.binary_cross_entropy_with_logits(logits, gen_grad)
    loss *= labels.size(1)
    return loss


def train(model, genb, discriminator, train_loader, num_epochs=1):
    optim = torch.optim.Adamax(filter(lambda p: p.requires_grad, model.parameters()), lr=0.001)
    optim_G = torch.optim.Adamax(filter(lambda p: p.requires_grad, genb.parameters()), lr=0.001)
    optim_D = torch.optim.Adamax(filter(lambda p: p.requires_grad, discriminator.parameters()), lr=0.001)

    genb.train(True)
    discriminator.train(True)

    kld = nn.KLDivLoss(reduction='batchmean')
    bce = nn.BCELoss()

    total_loss = 0
    for epoch in range(num_epochs):
        for i, (v, q, a) in enumerate(train_loader):
            v = v.requires_grad_()
            valid = torch.ones(v.size(0), 1)
            fake = torch.zeros(v.size(0), 1)

            # get model output
            optim.zero_grad()
            pred = model(v, q)

            # train genb
            optim_G.zero_grad()
            optim_D.zero_grad()

            pred_g = genb(v, q, gen=True)
            g_loss = F.binary_cross_entropy_with_logits(pred_g, a, reduction='none').mean()
            g_loss *= a.size(1)

            vae_preds = discriminator(pred_g)
            main_preds = discriminator(pred)

            g_distill = kld(pred_g, pred.detach())
            dsc_loss = bce(vae_preds, valid) + bce(main_preds, valid)

            g_loss += dsc_loss + g_distill * 5
            g_loss.backward(retain_graph=True)
            # done training genb

            # train the discriminator
            dsc_loss = bce(vae_preds, fake) + bce(main_preds, valid)
            dsc_loss.backward(retain_graph=True)
            nn.utils.clip_grad_norm_(genb.parameters(), 0.25)
            optim_G.step()
            optim_D.step()
            # done training the discriminator

            # use genb to train the robust model
            genb.train(False)
            pred_g = genb(v, q, gen=False)

            genb_loss = calc_genb_loss(pred, pred_g, a)
            genb_loss.backward()

            nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            optim.step()

            genb.train(True)
            total_loss += genb_loss.item() * q.size(0)

    total_loss /= len(train_loader.dataset)
    return total_loss
