import torch

from mdd import MDD

torch.manual_seed(0)
model = MDD(class_num=5)
optimizer = torch.optim.SGD(model.get_parameter_list(), lr=0.004, momentum=0.9)

source_x = torch.randn(8, 16)
source_y = torch.randint(0, 5, (8,))
# target domain: raw sensor counts, not standardised like the source domain
target_x = torch.randn(8, 16) * 1000.0

for step in range(2):
    optimizer.zero_grad()
    inputs = torch.cat((source_x, target_x), dim=0)
    total_loss = model.get_loss(inputs, source_y)
    total_loss.backward()
    optimizer.step()
    print(step, total_loss.item())
