"""cosmos-rl SFT trainer: token-mean cross entropy on a micro-batch whose labels are all ignore_index.

Source: https://github.com/nvidia-cosmos/cosmos-rl/pull/155
"""
import torch
import torch.nn as nn


class ChatDataPacker(object):
    """Tokenizes (prompt, response) pairs; only response tokens are supervised."""

    def __init__(self, vocab_size=200):
        self.vocab_size = vocab_size

    def tokenize(self, text):
        return [3 + (ord(c) % (self.vocab_size - 3)) for c in text]

    def sft_compute_max_len(self, batch):
        return max(len(self.tokenize(s["prompt"])) + len(self.tokenize(s["response"])) for s in batch)

    def sft_collate_fn(self, batch, computed_max_len, pad_token_id, ignore_label_id):
        input_ids, labels = [], []
        for sample in batch:
            prompt = self.tokenize(sample["prompt"])
            response = self.tokenize(sample["response"])
            ids = (prompt + response)[:computed_max_len]
            lab = ([ignore_label_id] * len(prompt) + response)[:computed_max_len]
            pad = computed_max_len - len(ids)
            input_ids.append(ids + [pad_token_id] * pad)
            labels.append(lab + [ignore_label_id] * pad)
        return {"input_ids": torch.tensor(input_ids), "label_ids": torch.tensor(labels)}


def collate_fn(batch, pad_token_id, data_packer, model_max_length, ignore_label_id=-100):
    max_len = min(model_max_length, data_packer.sft_compute_max_len(batch))
    return data_packer.sft_collate_fn(
        batch,
        computed_max_len=max_len,
        pad_token_id=pad_token_id,
        ignore_label_id=ignore_label_id,
    )


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=200, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids):
        h, _ = self.rnn(self.embed(input_ids))
        return self.lm_head(h)


class SFTTrainer(object):
    def __init__(self, model, data_packer, model_max_length=48, lr=1e-3):
        self.model = model
        self.data_packer = data_packer
        self.model_max_length = model_max_length
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.model.train()
        self.loss_fn = torch.nn.CrossEntropyLoss()

    def train_step(self, batch):
        model_input = collate_fn(batch, pad_token_id=0, data_packer=self.data_packer,
                                 model_max_length=self.model_max_length)
        labels = model_input.pop("label_ids")
        self.optimizer.zero_grad()
        logits = self.model(**model_input)[:, :-1].contiguous()
        loss = self.loss_fn(
            logits.view(-1, logits.size(-1)),
            labels[:, 1:].contiguous().view(-1),
        )
        loss.backward()
        self.optimizer.step()
        return loss

torch.manual_seed(0)
data_packer = ChatDataPacker(vocab_size=200)
model = TinyCausalLM(vocab_size=200)
trainer = SFTTrainer(model, data_packer, model_max_length=48)

# a micro-batch whose system+user prompt alone is longer than model_max_length:
# every response token is truncated away, so every label is ignore_index
batch = [{
    "prompt": "<system>You are a helpful assistant for robot manipulation.</system><user>Describe the scene.</user>",
    "response": "A robot arm picks up the red cube and places it in the bin.",
}]
loss = trainer.train_step(batch)
