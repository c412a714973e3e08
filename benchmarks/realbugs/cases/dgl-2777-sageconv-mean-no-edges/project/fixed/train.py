import torch
import torch.nn as nn

from graph import from_adjacency
from sageconv import SAGEConv

adjacency = torch.tensor([[0, 0], [0, 0]])
G = from_adjacency(adjacency)

embedding = nn.Embedding(2, 4)
embedding.weight = nn.Parameter(torch.tensor([[1.0, 2, 3, 4], [5, 6, 7, 8]]), requires_grad=False)

torch.manual_seed(0)
conv = SAGEConv(4, 16, aggregator_type="mean", activation=nn.LeakyReLU())
classifier = nn.Linear(16, 2)
optimizer = torch.optim.Adam(list(conv.parameters()) + list(classifier.parameters()), lr=1e-2)

labels = torch.tensor([0, 1])
h = conv(G, embedding.weight)
loss = nn.functional.cross_entropy(classifier(h), labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
