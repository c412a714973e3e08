"""SFT loop with gradient accumulation; the running loss is what gets logged."""
import torch
from torch.utils.data import DataLoader

from dataset import VRTrainDataset, collate
from model import TinyVLM

torch.manual_seed(0)
samples = [
    {"prompt_ids": list(range(10, 20)), "problem_frames": 2, "answer_frames": 1, "summary_ids": [40, 41, 42]},
    {"prompt_ids": list(range(10, 30)), "problem_frames": 4, "answer_frames": 2, "summary_ids": [43, 44]},
]
loader = DataLoader(VRTrainDataset(samples, max_length=48), batch_size=1, collate_fn=collate)
model = TinyVLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
accum_steps, running_loss = 2, 0.0
optimizer.zero_grad()
for step, (input_ids, labels) in enumerate(loader):
    loss = model(input_ids, labels) / accum_steps
    loss.backward()
    running_loss += loss.detach()
    if (step + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
logged_loss = running_loss
