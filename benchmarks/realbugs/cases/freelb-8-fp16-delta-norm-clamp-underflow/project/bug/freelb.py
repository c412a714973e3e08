import torch
import torch.nn.functional as F


class FreeLB:
    def __init__(self, adv_K=2, adv_lr=0.03, adv_init_mag=0.05):
        self.adv_K = adv_K
        self.adv_lr = adv_lr
        self.adv_init_mag = adv_init_mag

    def attack(self, model, input_ids, attention_mask, labels):
        embeds_init = model.embeddings(input_ids)
        input_mask = attention_mask.to(embeds_init)
        delta = torch.zeros_like(embeds_init).uniform_(-1, 1) * input_mask.unsqueeze(2)
        delta = (delta * self.adv_init_mag).detach()
        delta.requires_grad_()
        total_loss = 0.0
        for astep in range(self.adv_K):
            inputs_embeds = delta + embeds_init
            logits = model(inputs_embeds, attention_mask)
            loss = F.cross_entropy(logits.float(), labels) / self.adv_K
            total_loss += loss.item()
            loss.backward()
            if astep == self.adv_K - 1:
                break
            delta_grad = delta.grad.clone().detach()
            denorm = torch.norm(delta_grad.view(delta_grad.size(0) * delta_grad.size(1), -1), dim=1)
            denorm = denorm.view(delta_grad.size(0), delta_grad.size(1), 1)
            denorm = torch.clamp(denorm, min=1e-8)
            delta = (delta + self.adv_lr * delta_grad / denorm).detach()
            delta.requires_grad_()
            embeds_init = model.embeddings(input_ids)
        return total_loss
