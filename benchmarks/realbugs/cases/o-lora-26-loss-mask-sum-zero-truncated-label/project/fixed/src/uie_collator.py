import torch


class CharTokenizer(object):
    pad_token_id = 0
    eos_token = "\n"

    def __call__(self, text):
        return {"input_ids": [min(ord(c), 127) for c in text]}


class DataCollatorForUIE(object):
    def __init__(self, tokenizer, max_source_length=64, label_pad_token_id=-100):
        self.tokenizer = tokenizer
        self.max_source_length = max_source_length
        self.label_pad_token_id = label_pad_token_id

    def __call__(self, batch):
        limit_input_len = self.max_source_length
        sources, label_lens = [], []
        for instance in batch:
            task_input = instance['Instance']['instruction'] + instance['Instance']['sentence']
            label = instance['Instance']['label'] + self.tokenizer.eos_token
            tokenized_input = self.tokenizer(task_input)["input_ids"]
            tokenized_label = self.tokenizer(label)["input_ids"]
            ids = (tokenized_input + tokenized_label)[: limit_input_len]
            sources.append(ids)
            label_lens.append(max(0, min(len(tokenized_label), limit_input_len - len(tokenized_input))))

        max_len = max(len(s) for s in sources)
        input_ids = torch.full((len(sources), max_len), self.tokenizer.pad_token_id, dtype=torch.long)
        attention_mask = torch.zeros((len(sources), max_len), dtype=torch.long)
        for k, ids in enumerate(sources):
            input_ids[k, :len(ids)] = torch.tensor(ids)
            attention_mask[k, :len(ids)] = 1

        model_inputs = {"input_ids": input_ids, "attention_mask": attention_mask}
        label_mask = attention_mask.bool()
        model_inputs["labels"] = input_ids.masked_fill(~label_mask, self.label_pad_token_id)

        # loss mask: only the label tokens are supervised
        loss_mask = torch.zeros(label_mask.shape)
        for k, (ids, label_len) in enumerate(zip(sources, label_lens)):
            loss_mask[k, len(ids) - label_len: len(ids)] = 1
        model_inputs['loss_mask'] = loss_mask.masked_fill(~label_mask, 0)
        return model_inputs
