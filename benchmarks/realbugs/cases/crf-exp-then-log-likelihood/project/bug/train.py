import torch

from model import BiLSTMCRF

torch.manual_seed(0)
vocab_size, num_tags = 50, 9
model = BiLSTMCRF(vocab_size, num_tags)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

sentences = [torch.randint(0, vocab_size, (n,)) for n in (12, 150)]
labels = [torch.randint(0, num_tags, (len(s),)) for s in sentences]

optimizer.zero_grad()
total_loss = 0.0
for words, tags in zip(sentences, labels):
    loss = model(words, tags)
    total_loss = total_loss + loss
total_loss.backward()
optimizer.step()
print(total_loss.item())
