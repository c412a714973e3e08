"""Training and evaluation loops."""
import torch


def train(model, train_dataloader, optimizer):
    model.train()
    total_loss = 0.0
    for batch in train_dataloader:
        loss, _ = model(**batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.detach().float()
    return total_loss / len(train_dataloader)


def evaluation(model, eval_dataloader):
    model.eval()
    eval_loss = 0.0
    with torch.no_grad():
        for batch in eval_dataloader:
            loss, _ = model(**batch)
            eval_loss += loss.detach().float()
    eval_epoch_loss = eval_loss / len(eval_dataloader)
    eval_ppl = torch.exp(eval_epoch_loss)
    return eval_ppl, eval_epoch_loss
