def train_epoch(batches, model, loss_fn, optimizer):
    model.train()
    total_loss = 0
    for (x1, x2), target in batches:
        optimizer.zero_grad()
        outputs = model(x1, x2)
        loss = loss_fn(*outputs, target)
        total_loss += loss.item()
        loss.backward()
        optimizer.step()
    return loss, total_loss / len(batches)
