import torch

from modeling import TinyLlamaForCausalLM
from spliced_and_tokenized_dataset import build_dataset

torch.manual_seed(0)
raw = [
    {"prompt_ids": list(range(1, 9)), "target_ids": [20, 21, 22, 23]},
    {"prompt_ids": list(range(1, 25)), "target_ids": [30, 31, 32]},     # a long context: longer than max_length
]
dataset = build_dataset(raw, max_length=16)
model = TinyLlamaForCausalLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

for step, sample in enumerate(dataset):          # micro batch size 1
    input_ids = torch.tensor([sample["input_ids"]])
    labels = torch.tensor([sample["labels"]])
    loss, _ = model(input_ids, labels=labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
