import torch
import torch.nn.functional as F

from nnet.network import EOGMentionContext

torch.manual_seed(0)

model = EOGMentionContext(vocab_size=30, dim=16, num_rel=3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# doc: sentence 0 has 5 tokens, sentence 1 is a 2-token title made of one entity name
words = torch.tensor([3, 7, 8, 12, 4, 21, 22])
lengths = torch.tensor([5, 2])
# mentions: (id, type, start, end, sentence)
mentions = torch.tensor([[0, 1, 1, 3, 0], [1, 2, 5, 7, 1]])
labels = torch.tensor([1, 2])

optimizer.zero_grad()
logits = model(words, lengths, mentions)
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
