import torch

from trainer import Trainer

torch.manual_seed(0)
config = {'lr': 1e-4, 'n_critic': 5, 'niter': 5, 'l1_loss_alpha': 1.2, 'gan_loss_alpha': 0.001}
trainer = Trainer(config)
trainer_module = trainer
ground_truth = torch.rand(2, 3, 16, 16) * 2 - 1
mask = torch.zeros(2, 1, 16, 16)
mask[:, :, 4:12, 4:12] = 1.
x = ground_truth * (1. - mask)

for iteration in range(1, config['niter'] + 1):
    compute_g_loss = iteration % config['n_critic'] == 0
    losses, inpainted_result = trainer(x, mask, ground_truth, compute_g_loss)

    # Update D
    trainer_module.optimizer_d.zero_grad()
    losses['d'] = losses['wgan_d']
    losses['d'].backward()

    # Update G
    if compute_g_loss:
        trainer_module.optimizer_g.zero_grad()
        losses['g'] = losses['l1'] * config['l1_loss_alpha'] + losses['wgan_g'] * config['gan_loss_alpha']
        losses['g'].backward()
    trainer_module.optimizer_d.step()
    if compute_g_loss:
        trainer_module.optimizer_g.step()
    print(iteration, {k: round(v.item(), 4) for k, v in losses.items()})
loss_d = losses['d']
