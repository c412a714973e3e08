import torch
import torch.nn.functional as F

from src.gau_alpha.modeling import GAUAlphaForSequenceClassification

torch.manual_seed(0)
model = GAUAlphaForSequenceClassification().half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

# two sentences padded to the same length
input_ids = torch.randint(1, 1000, (2, 16))
attention_mask = torch.ones(2, 16, dtype=torch.long)
attention_mask[1, 10:] = 0
input_ids[1, 10:] = 0
labels = torch.tensor([0, 1])

model.train()
logits = model(input_ids, attention_mask=attention_mask)
loss = F.cross_entropy(logits.float(), labels)
loss.backward()
optimizer.step()
