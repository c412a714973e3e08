import torch
from modeling.model import MaskHeadModel
from modeling.criterion import SetCriterion

torch.manual_seed(0)
model = MaskHeadModel()
criterion = SetCriterion()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)


def random_crop_targets(step):
    if step == 2:
        return [{"masks": torch.zeros(0, 16, 16)}]
    m = (torch.rand(2, 16, 16) > 0.5).float()
    return [{"masks": m}]


def match(targets):
    n = len(targets[0]["masks"])
    return [(torch.arange(n), torch.arange(n))]


for step in range(3):
    images = torch.randn(1, 3, 16, 16)
    targets = random_crop_targets(step)
    outputs = model(images)
    loss = criterion(outputs, targets, match(targets))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
