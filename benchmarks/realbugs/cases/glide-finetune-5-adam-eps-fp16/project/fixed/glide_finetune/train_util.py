import torch.nn.functional as F


def train_step(model, batch, optimizer):
    tokens, images, noise = batch
    pred = model(images + noise, tokens)
    loss = F.mse_loss(pred.float(), noise.float())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss
