# bytedance/UniVR#13, with the standard fix: the prompt prefix is truncated so that the answer
# tokens always fit (at least one supervised label remains) before labels are built.
import torch
import torch.nn as nn
import torch.nn.functional as F

IGNORE_INDEX = -100
IMAGE_TOKEN = 3


class VRTrainDataset(torch.utils.data.Dataset):
    def __init__(self, samples, max_length=48, tokens_per_frame=8):
        self.samples, self.max_length, self.tokens_per_frame = samples, max_length, tokens_per_frame

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        s = self.samples[idx]
        prompt_ids = s["prompt_ids"] + [IMAGE_TOKEN] * (self.tokens_per_frame * s["problem_frames"])
        answer_ids = s["answer_ids"]
        answer_ids = answer_ids[: self.max_length - 1]
        prompt_ids = prompt_ids[: self.max_length - len(answer_ids)]
        input_ids = prompt_ids + answer_ids
        labels = [IGNORE_INDEX] * len(prompt_ids) + answer_ids
        return torch.tensor(input_ids), torch.tensor(labels)


def collate(batch):
    max_len = max(len(ids) for ids, _ in batch)
    input_ids = torch.zeros(len(batch), max_len, dtype=torch.long)
    labels = torch.full((len(batch), max_len), IGNORE_INDEX, dtype=torch.long)
    for i, (ids, lab) in enumerate(batch):
        input_ids[i, : len(ids)], labels[i, : len(lab)] = ids, lab
    return input_ids, labels


class TinyVLM(nn.Module):
    def __init__(self, vocab=64, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.block = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, input_ids, labels):
        h, _ = self.block(self.embed(input_ids))
        logits = self.lm_head(h)
        shift_logits, shift_labels = logits[:, :-1], labels[:, 1:]
        return F.cross_entropy(shift_logits.reshape(-1, shift_logits.size(-1)), shift_labels.reshape(-1),
                               ignore_index=IGNORE_INDEX)


torch.manual_seed(0)
samples = [{"prompt_ids": list(range(10, 30)), "problem_frames": 4, "answer_ids": [40, 41, 42, 43]}]
loader = torch.utils.data.DataLoader(VRTrainDataset(samples), batch_size=1, collate_fn=collate)
model = TinyVLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
input_ids, labels = next(iter(loader))
loss = model(input_ids, labels)
optimizer.zero_grad()
loss.backward()
grad = model.lm_head.weight.grad
