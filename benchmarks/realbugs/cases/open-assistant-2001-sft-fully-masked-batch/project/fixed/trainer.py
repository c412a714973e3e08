import torch
from torch import nn

from trainer_sft import SFTTrainer

torch.manual_seed(0)

vocab_size, max_length = 64, 16


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, 32)
        self.lm_head = nn.Linear(32, vocab_size)

    def forward(self, input_ids):
        return self.lm_head(torch.tanh(self.embed(input_ids)))


def collate(conversations):
    """Truncate to max_length; only assistant tokens are trained on (label_masks)."""
    input_ids, label_masks = [], []
    for prompt, reply in conversations:
        ids = (prompt + reply)[:max_length]
        mask = ([0] * len(prompt) + [1] * len(reply))[:max_length]
        ids += [0] * (max_length - len(ids))
        mask += [0] * (max_length - len(mask))
        input_ids.append(ids)
        label_masks.append(mask)
    input_ids = torch.tensor(input_ids)
    targets = torch.roll(input_ids, -1, dims=1)
    return {"input_ids": input_ids, "targets": targets, "label_masks": torch.tensor(label_masks)}


model = TinyLM()
trainer = SFTTrainer(model, loss_function="CrossEntropyLoss")

# a micro-batch of long prompts: truncation to max_length cuts every assistant reply away
conversations = [
    (list(torch.randint(1, vocab_size, (20,)).tolist()), [5, 6, 7]),
    (list(torch.randint(1, vocab_size, (18,)).tolist()), [8, 9]),
]
batch = collate(conversations)
inputs = dict(batch)
loss = trainer.compute_loss(model, inputs)
trainer.optimizer.zero_grad()
loss.backward()
trainer.optimizer.step()
