import torch


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
