from losses import discriminator_loss, generator_loss


def train_step(G, D, optimizer_G, optimizer_D, hazy, clear):
    fake = G(hazy)
    real_out = D(clear)
    fake_out = D(fake.detach())
    d_loss = discriminator_loss(real_out, fake_out)

    optimizer_D.zero_grad()
    d_loss.backward()
    optimizer_D.step()
    g_loss = generator_loss(D(fake), fake, clear)

    optimizer_G.zero_grad()
    g_loss.backward()
    optimizer_G.step()
    return d_loss, g_loss
