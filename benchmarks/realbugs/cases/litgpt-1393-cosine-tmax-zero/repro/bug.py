import torch

torch.manual_seed(0)


def get_lr_scheduler(optimizer, warmup_steps, max_steps):
    scheduler1 = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: step / warmup_steps)
    scheduler2 = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=(max_steps - warmup_steps))
    return torch.optim.lr_scheduler.SequentialLR(optimizer, [scheduler1, scheduler2], milestones=[warmup_steps])


model = torch.nn.Linear(4, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
scheduler = get_lr_scheduler(optimizer, warmup_steps=5, max_steps=5)
x = torch.randn(8, 4)
for step in range(6):
    loss = model(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    scheduler.step()
