import torch
import torch.nn as nn

from balanced_loss import Loss
from data import NUM_CLASSES, class_counts, load_training_labels

torch.manual_seed(0)

train_labels = load_training_labels()
samples_per_class = class_counts(train_labels)

model = nn.Linear(16, NUM_CLASSES)
focal_loss = Loss(
    loss_type="focal_loss",
    samples_per_class=samples_per_class,
    beta=0.999,
    fl_gamma=2,
    class_balanced=True,
)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

idx = torch.randperm(len(train_labels))[:8]
x = torch.randn(8, 16)
yb = train_labels[idx]
logits = model(x)
loss = focal_loss(logits, yb)
optimizer.zero_grad()
loss.backward()
optimizer.step()
