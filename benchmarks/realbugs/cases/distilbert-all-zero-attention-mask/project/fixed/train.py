import torch

from modeling import DistilBertForSequenceClassification

torch.manual_seed(0)


def collate(token_lists, max_len=6):
    input_ids = torch.zeros(len(token_lists), max_len, dtype=torch.long)
    attention_mask = torch.zeros(len(token_lists), max_len, dtype=torch.long)
    for i, toks in enumerate(token_lists):
        toks = toks[:max_len]
        input_ids[i, : len(toks)] = torch.tensor(toks, dtype=torch.long)
        attention_mask[i, : len(toks)] = 1
    return input_ids, attention_mask


model = DistilBertForSequenceClassification()
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
texts = [[12, 45, 7, 3], [], [88, 9]]  # the second review is empty after cleaning
labels = torch.tensor([1, 0, 1])
input_ids, attention_mask = collate(texts)

optimizer.zero_grad()
loss, logits = model(input_ids, attention_mask, labels=labels)
loss.backward()
optimizer.step()
print(loss.item())
