import numpy as np
import torch
from torch.utils.data import Dataset


class LMTrainDataset(Dataset):
    def __init__(self, args, tokenizer, samples):
        self.args = args
        self.tokenizer = tokenizer
        self.pad_id = tokenizer.eos_token_id
        self.max_length = args.max_length
        self.data = samples  # token ids; 65535 separates the prompt from the response

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return {"input_ids": np.array(self.data[index], dtype=np.int64)}

    def _process_lm(self, i, samp, model_data, no_model_data):
        input_ids = samp["input_ids"]
        source_len = 1

        if 65535 in input_ids:
            source_len = np.where(input_ids == 65535)[0][0]
            input_ids = np.concatenate([input_ids[:source_len], input_ids[source_len + 1:]], axis=0)
        input_ids = input_ids[:self.max_length]
        input_len = len(input_ids)
        model_data["input_ids"][i][:input_len - 1] = torch.tensor(input_ids[:-1], dtype=torch.long)
        model_data["attention_mask"][i][:input_len - 1] = 1.0
        no_model_data["label"][i][:input_len - 1] = torch.tensor(input_ids[1:], dtype=torch.long)
        no_model_data["label"][i][:source_len - 1] = -100
        no_model_data["loss_mask"][i][:input_len - 1] = 1.0
        no_model_data["loss_mask"][i][:source_len - 1] = 0

    def collate(self, samples):
        bs = len(samples)
        max_length = self.max_length

        model_data = {
            "input_ids": torch.ones(bs, max_length, dtype=torch.long) * self.pad_id,
            "attention_mask": torch.zeros(bs, max_length),
        }
        no_model_data = {
            "label": torch.ones(bs, max_length, dtype=torch.long) * -100,
            "loss_mask": torch.zeros(bs, max_length),
        }

        for i, samp in enumerate(samples):
            self._process_lm(i, samp, model_data, no_model_data)

        return model_data, no_model_data
