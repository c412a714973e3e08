# kornia issue #918: binary_focal_loss_with_logits gives NaN gradients when sigmoid(pred) is exactly 0 or 1 and 0 < gamma < 1
import torch


def binary_focal_loss_with_logits(input, target, alpha=0.25, gamma=2.0, reduction='none', eps=1e-8):
    probs = torch.sigmoid(input)
    target = target.unsqueeze(dim=1)
    loss_tmp = - alpha * torch.pow((1. - probs + eps), gamma) * target * torch.log(probs + eps) \
               - (1 - alpha) * torch.pow(probs + eps, gamma) * (1. - target) * torch.log(1. - probs + eps)
    loss_tmp = loss_tmp.squeeze(dim=1)

    if reduction == 'none':
        loss = loss_tmp
    elif reduction == 'mean':
        loss = torch.mean(loss_tmp)
    elif reduction == 'sum':
        loss = torch.sum(loss_tmp)
    else:
        raise NotImplementedError(f"Invalid reduction mode: {reduction}")
    return loss


prediction = torch.tensor([[-100., -100., 100., 100.]], requires_grad=True)
target = torch.tensor([[0., 1., 0., 1.]])
loss = binary_focal_loss_with_logits(prediction.unsqueeze(1), target, gamma=0.5, reduction='mean')
loss.backward()
grad = prediction.grad
