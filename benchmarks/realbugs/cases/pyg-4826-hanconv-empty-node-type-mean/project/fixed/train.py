import torch
import torch.nn.functional as F

from model import HAN

torch.manual_seed(0)
node_types = ['author', 'paper']
edge_types = [('author', 'writes', 'paper'), ('paper', 'written_by', 'author'), ('author', 'coauthor', 'author')]
model = HAN(8, 16, 4, (node_types, edge_types))
optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)

# a sampled mini-batch of authors in which the neighbour sampler drew no paper
num_authors, num_papers = 6, 0
x_dict = {'author': torch.randn(num_authors, 8), 'paper': torch.randn(num_papers, 8)}
coauthor = (torch.rand(num_authors, num_authors) > 0.5).float()
adj_dict = {
    ('author', 'writes', 'paper'): torch.zeros(num_papers, num_authors),
    ('paper', 'written_by', 'author'): torch.zeros(num_authors, num_papers),
    ('author', 'coauthor', 'author'): coauthor,
}
y = torch.randint(0, 4, (num_authors,))

for epoch in range(2):
    model.train()
    optimizer.zero_grad()
    out = model(x_dict, adj_dict)
    loss = F.cross_entropy(out, y)
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
