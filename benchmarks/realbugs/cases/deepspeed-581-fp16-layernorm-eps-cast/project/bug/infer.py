import torch

from model import Config, Encoder

torch.manual_seed(0)

model = Encoder(Config())
model.half().eval()
batch = [[5, 9, 3, 12], [7, 2]]
max_len = max(len(s) for s in batch)
input_ids = torch.tensor([s + [Config.pad_token_id] * (max_len - len(s)) for s in batch])
with torch.no_grad():
    hidden = model(input_ids)
