import torch

from collator import DataCollatorForLanguageModeling
from modeling import TinyBertForMaskedLM

torch.manual_seed(0)
g = torch.Generator().manual_seed(3)
model = TinyBertForMaskedLM()
coll = DataCollatorForLanguageModeling(vocab_size=50, generator=g)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
example = [2, 11, 7, 23, 9, 3]          # "This is an example": one short sentence per batch

for step in range(2):
    mini_batch = coll([example])
    loss, _ = model(mini_batch["input_ids"], labels=mini_batch["labels"])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, mini_batch["labels"].tolist(), loss.item())
