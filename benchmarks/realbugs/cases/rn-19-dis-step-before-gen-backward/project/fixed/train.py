import torch

from models import InpaintingModel

torch.manual_seed(67454)

model = InpaintingModel(g_lr=1e-4, d_lr=1e-5, l1_weight=1.0, gan_weight=0.1)
model.train()

gt = torch.rand(2, 3, 32, 32)
mask = torch.zeros(2, 1, 32, 32)
mask[:, :, 8:24, 8:24] = 1.0

prediction = model.generator(gt, mask)
merged_result = prediction * mask + gt * (1 - mask)

# Compute Loss
g_loss, d_loss = 0, 0

d_real, _ = model.discriminator(gt)
d_fake, _ = model.discriminator(prediction.detach())
d_real_loss = model.adversarial_loss(d_real, True, True)
d_fake_loss = model.adversarial_loss(d_fake, False, True)
d_loss = d_loss + (d_real_loss + d_fake_loss) / 2

# Backward D
d_loss.backward()
model.dis_optimizer.step()
model.dis_optimizer.zero_grad()

g_fake, _ = model.discriminator(prediction)
g_gan_loss = model.adversarial_loss(g_fake, True, False)
g_loss = g_loss + model.gan_weight * g_gan_loss
g_l1_loss = model.l1_loss(gt, merged_result) / torch.mean(mask)
g_loss = g_loss + model.l1_weight * g_l1_loss

# Backward G
g_loss.backward()
model.gen_optimizer.step()
model.gen_optimizer.zero_grad()
print('g_loss', g_loss.item(), 'd_loss', d_loss.item())
