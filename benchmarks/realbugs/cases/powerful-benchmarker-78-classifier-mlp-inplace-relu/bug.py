# KevinMusgrave/powerful-benchmarker#78: "Bug due to ReLU(inplace=True) with TrainWithClassifier".
# The MLP used for the embedder and the classifier starts with nn.ReLU(inplace=True), so the
# classifier overwrites its input, the embeddings, in place. The metric loss has already used
# (and saved) those embeddings for its normalization, so backward fails with "modified by an
# inplace operation".
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    # layer_sizes[0] is the dimension of the input
    # layer_sizes[-1] is the dimension of the output
    def __init__(self, layer_sizes, final_relu=False):
        super().__init__()
        layer_list = []
        layer_sizes = [int(x) for x in layer_sizes]
        num_layers = len(layer_sizes) - 1
        final_relu_layer = num_layers if final_relu else num_layers - 1
        for i in range(len(layer_sizes) - 1):
            input_size = layer_sizes[i]
            curr_size = layer_sizes[i + 1]
            if i < final_relu_layer:
                layer_list.append(nn.ReLU(inplace=True))
            layer_list.append(nn.Linear(input_size, curr_size))
        self.net = nn.Sequential(*layer_list)
        self.last_linear = self.net[-1]

    def forward(self, x):
        return self.net(x)


class ContrastiveLoss(nn.Module):
    def __init__(self, pos_margin=0.0, neg_margin=0.5):
        super().__init__()
        self.pos_margin, self.neg_margin = pos_margin, neg_margin

    def forward(self, embeddings, labels):
        emb = F.normalize(embeddings, p=2, dim=1)
        dist = torch.cdist(emb, emb)
        same = labels[:, None] == labels[None, :]
        eye = torch.eye(len(labels), dtype=torch.bool)
        pos = F.relu(dist - self.pos_margin)[same & ~eye]
        neg = F.relu(self.neg_margin - dist)[~same]
        return pos.mean() + neg.mean()


torch.manual_seed(0)
trunk = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
embedder = MLP([16, 32, 32])
classifier = MLP([32, 32, 10])
metric_loss_fn, classifier_loss_fn = ContrastiveLoss(), nn.CrossEntropyLoss()
params = list(trunk.parameters()) + list(embedder.parameters()) + list(classifier.parameters())
optimizer = torch.optim.Adam(params, lr=1e-3)

images = torch.randn(8, 3, 8, 8)
labels = torch.tensor([0, 0, 1, 1, 2, 2, 3, 3])
embeddings = embedder(trunk(images))
metric_loss = metric_loss_fn(embeddings, labels)
logits = classifier(embeddings)
classifier_loss = classifier_loss_fn(logits, labels)
loss = metric_loss + 0.5 * classifier_loss
optimizer.zero_grad()
loss.backward()
optimizer.step()
