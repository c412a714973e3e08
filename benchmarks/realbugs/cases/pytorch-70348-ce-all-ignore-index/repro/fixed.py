# Standard fix (thread): when every label of the head is ignore_index, use a zero loss
# connected to the graph instead of the 0/0 mean.
import torch
import torch.nn as nn


class TwoTailClassifier(nn.Module):
    """Backbone with two tails: polygon shape and polygon color."""

    def __init__(self, in_features=16, hidden=32, n_shapes=5, n_colors=4):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(in_features, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.shape_head = nn.Linear(hidden, n_shapes)
        self.color_head = nn.Linear(hidden, n_colors)

    def forward(self, x):
        h = self.backbone(x)
        return self.shape_head(h), self.color_head(h)


class TwoTailLoss(nn.Module):
    def __init__(self, color_weight=1.0):
        super().__init__()
        self.loss_fct = nn.CrossEntropyLoss()
        self.color_weight = color_weight

    def forward(self, outputs, shape_labels, color_labels):
        shape_logits, color_logits = outputs
        loss_shape = self.loss_fct(shape_logits, shape_labels)
        if (color_labels != self.loss_fct.ignore_index).any():
            loss_color = self.loss_fct(color_logits, color_labels)
        else:
            loss_color = color_logits.sum() * 0.0
        return loss_shape + self.color_weight * loss_color


torch.manual_seed(0)

model = TwoTailClassifier()
criterion = TwoTailLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(5, 16)
shape_labels = torch.tensor([0, 3, 1, 4, 2])
color_labels = torch.tensor([-100] * 5)

optimizer.zero_grad()
loss = criterion(model(x), shape_labels, color_labels)
loss.backward()
optimizer.step()
print('loss', loss.item())
