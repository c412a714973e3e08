import torch
from torch import nn
from torch import optim

from Model_alphaWGAN import Code_Discriminator, Discriminator, Generator

torch.manual_seed(0)

BATCH_SIZE = 4
_eps = 1e-15
latent_dim = 32


def inf_train_gen(n_batches=8):
    while True:
        for _ in range(n_batches):
            yield torch.rand(BATCH_SIZE, 1, 16, 16, 16) * 2 - 1


G = Generator(noise=latent_dim)
CD = Code_Discriminator(code_size=latent_dim, num_units=64)
D = Discriminator(is_dis=True)
E = Discriminator(out_class=latent_dim, is_dis=False)

g_optimizer = optim.Adam(G.parameters(), lr=0.0002)
d_optimizer = optim.Adam(D.parameters(), lr=0.0002)
e_optimizer = optim.Adam(E.parameters(), lr=0.0002)
cd_optimizer = optim.Adam(CD.parameters(), lr=0.0002)


def calc_gradient_penalty(model, x, x_gen, w=10):
    """WGAN-GP gradient penalty"""
    assert x.size() == x_gen.size(), "real and sampled sizes do not match"
    alpha_size = tuple((len(x), *(1,) * (x.dim() - 1)))
    alpha = torch.Tensor(*alpha_size).uniform_()
    x_hat = x.data * alpha + x_gen.data * (1 - alpha)
    x_hat = x_hat.requires_grad_(True)

    def eps_norm(x):
        x = x.view(len(x), -1)
        return (x * x + _eps).sum(-1).sqrt()

    def bi_penalty(x):
        return (x - 1) ** 2

    grad_xhat = torch.autograd.grad(model(x_hat).sum(), x_hat, create_graph=True, only_inputs=True)[0]

    penalty = w * bi_penalty(eps_norm(grad_xhat)).mean()
    return penalty


criterion_l1 = nn.L1Loss()

g_iter = 1
d_iter = 1
cd_iter = 1
TOTAL_ITER = 2
gen_load = inf_train_gen()
for iteration in range(TOTAL_ITER):
    for p in D.parameters():
        p.requires_grad = False
    for p in CD.parameters():
        p.requires_grad = False
    for p in E.parameters():
        p.requires_grad = True
    for p in G.parameters():
        p.requires_grad = True

    ###############################################
    # Train Encoder - Generator
    ###############################################
    for iters in range(g_iter):
        G.zero_grad()
        E.zero_grad()
        real_images = gen_load.__next__()
        _batch_size = real_images.size(0)
        z_rand = torch.randn((_batch_size, latent_dim))
        z_hat = E(real_images).view(_batch_size, -1)
        x_hat = G(z_hat)
        x_rand = G(z_rand)
        c_loss = -CD(z_hat).mean()

        d_real_loss = D(x_hat).mean()
        d_fake_loss = D(x_rand).mean()
        d_loss = -d_fake_loss - d_real_loss
        l1_loss = 10 * criterion_l1(x_hat, real_images)
        loss1 = l1_loss + d_loss

        if iters < g_iter - 1:
            loss1.backward()
        else:
            loss1.backward(retain_graph=True)
        e_optimizer.step()
        g_optimizer.step()
        g_optimizer.step()

    ###############################################
    # Train D
    ###############################################
    for p in D.parameters():
        p.requires_grad = True
    for p in CD.parameters():
        p.requires_grad = False
    for p in E.parameters():
        p.requires_grad = False
    for p in G.parameters():
        p.requires_grad = False

    for iters in range(d_iter):
        d_optimizer.zero_grad()
        real_images = gen_load.__next__()
        _batch_size = real_images.size(0)
        z_rand = torch.randn((_batch_size, latent_dim))
        z_hat = E(real_images).view(_batch_size, -1)
        x_hat = G(z_hat)
        x_rand = G(z_rand)
        x_loss2 = -2 * D(real_images).mean() + D(x_hat).mean() + D(x_rand).mean()
        gradient_penalty_r = calc_gradient_penalty(D, real_images.data, x_rand.data)
        gradient_penalty_h = calc_gradient_penalty(D, real_images.data, x_hat.data)

        loss2 = x_loss2 + gradient_penalty_r + gradient_penalty_h
        loss2.backward(retain_graph=True)
        d_optimizer.step()

    ###############################################
    # Train CD
    ###############################################
    for p in D.parameters():
        p.requires_grad = False
    for p in CD.parameters():
        p.requires_grad = True
    for p in E.parameters():
        p.requires_grad = False
    for p in G.parameters():
        p.requires_grad = False

    for iters in range(cd_iter):
        cd_optimizer.zero_grad()
        z_rand = torch.randn((_batch_size, latent_dim))
        gradient_penalty_cd = calc_gradient_penalty(CD, z_hat.data, z_rand.data)
        loss3 = -CD(z_rand).mean() + CD(z_hat.detach()).mean() + gradient_penalty_cd

        loss3.backward(retain_graph=True)
        cd_optimizer.step()

    print('[{}/{}]'.format(iteration, TOTAL_ITER),
          'D: {:<8.3}'.format(loss2.item()),
          'En_Ge: {:<8.3}'.format(loss1.item()),
          'Code: {:<8.3}'.format(loss3.item()))
