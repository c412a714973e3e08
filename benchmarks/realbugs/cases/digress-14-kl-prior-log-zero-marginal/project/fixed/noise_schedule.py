import torch


class MarginalUniformTransition:
    def __init__(self, x_marginals):
        self.X_classes = len(x_marginals)
        self.x_marginals = x_marginals
        self.u_x = x_marginals.unsqueeze(0).expand(self.X_classes, -1).unsqueeze(0)

    def get_Qt_bar(self, alpha_bar_t):
        alpha_bar_t = alpha_bar_t.view(-1, 1, 1)
        return alpha_bar_t * torch.eye(self.X_classes).unsqueeze(0) + (1 - alpha_bar_t) * self.u_x


class PredefinedNoiseScheduleDiscrete:
    def __init__(self, timesteps):
        steps = torch.arange(timesteps + 1, dtype=torch.float32)
        self.alphas_bar = torch.cos(0.5 * torch.pi * steps / timesteps) ** 2
        self.alphas_bar[-1] = 0.0

    def get_alpha_bar(self, t_int):
        return self.alphas_bar[t_int]
