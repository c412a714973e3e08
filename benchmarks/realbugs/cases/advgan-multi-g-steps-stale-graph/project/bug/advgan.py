import torch
import torch.nn.functional as F


class AdvGAN:
    def __init__(self, G, model, l_inf_bound=0.3, n_steps_G=2, lr=1e-3):
        self.G = G
        self.model = model
        self.l_inf_bound = l_inf_bound
        self.n_steps_G = n_steps_G
        self.optimizer_G = torch.optim.Adam(G.parameters(), lr=lr)

    def train_G(self, x, labels):
        perturbation = self.G(x)
        adv_images = torch.clamp(perturbation, -self.l_inf_bound, self.l_inf_bound) + x
        adv_images = torch.clamp(adv_images, 0, 1)
        for _ in range(self.n_steps_G):
            self.optimizer_G.zero_grad()
            loss_adv = -F.cross_entropy(self.model(adv_images), labels)
            loss_perturb = perturbation.flatten(1).norm(dim=1).mean()
            loss_G = loss_adv + 0.1 * loss_perturb
            loss_G.backward(retain_graph=True)
            self.optimizer_G.step()
        return loss_G
