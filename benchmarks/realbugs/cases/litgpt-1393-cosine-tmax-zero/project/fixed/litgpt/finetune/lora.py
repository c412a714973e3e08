import torch
import torch.nn as nn

from litgpt.args import TrainArgs


def get_lr_scheduler(optimizer, warmup_steps: int, max_steps: int):
    scheduler1 = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: step / warmup_steps)
    scheduler2 = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max(max_steps - warmup_steps, 1))
    return torch.optim.lr_scheduler.SequentialLR(optimizer, [scheduler1, scheduler2], milestones=[warmup_steps])


def fit(model, optimizer, scheduler, train: TrainArgs, data):
    step_count = 0
    losses = []
    for iter_num, (x, y) in enumerate(data):
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
        step_count += 1
        losses.append(loss.item())
        if step_count >= train.max_steps:
            break
    return losses


def setup(train: TrainArgs):
    torch.manual_seed(1337)
    model = nn.Sequential(nn.Embedding(50, 16), nn.Flatten(), nn.Linear(16 * 6, 50))
    optimizer = torch.optim.AdamW(model.parameters(), lr=train.learning_rate)
    scheduler = get_lr_scheduler(optimizer, warmup_steps=train.lr_warmup_steps, max_steps=train.max_steps)
    data = [(torch.randint(0, 50, (train.micro_batch_size, 6)), torch.randint(0, 50, (train.micro_batch_size,)))
            for _ in range(train.max_steps + 2)]
    return model, fit(model, optimizer, scheduler, train, data)
