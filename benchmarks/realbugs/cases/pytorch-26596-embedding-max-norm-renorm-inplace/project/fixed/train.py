import torch

from kge import DistMult

torch.manual_seed(0)

num_entities, num_relations = 50, 4
triples = torch.stack([torch.randint(0, num_entities, (64,)),
                       torch.randint(0, num_relations, (64,)),
                       torch.randint(0, num_entities, (64,))], dim=1)
model = DistMult(num_entities, num_relations, dim=16, max_norm=1.0)
optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)

for batch in triples.split(32):
    heads, relations, tails = batch[:, 0], batch[:, 1], batch[:, 2]
    loss = model.loss(heads, relations, tails)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
