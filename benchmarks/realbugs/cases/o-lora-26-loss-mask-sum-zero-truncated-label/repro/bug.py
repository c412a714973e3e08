"""O-LoRA: token loss averaged over the loss mask, whose sum is zero when the label is truncated away.

Source: https://github.com/cmnfriend/O-LoRA/pull/26
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyLMConfig(object):
    def __init__(self, vocab_size=128, hidden_size=32):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size


class TinyLMForCausalLM_with_lossmask(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.model = nn.GRU(config.hidden_size, config.hidden_size, batch_first=True)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)

    def forward(self, input_ids=None, attention_mask=None, labels=None, loss_mask=None):
        hidden_states, _ = self.model(self.embed_tokens(input_ids))
        logits = self.lm_head(hidden_states)

        loss = None
        if labels is not None:
            # Shift so that tokens < n predict n
            shift_logits = logits[..., :-1, :].contiguous()
            shift_labels = labels[..., 1:].contiguous()
            batch_size, seq_length, vocab_size = shift_logits.shape
            # Flatten the tokens
            loss = F.cross_entropy(shift_logits.view(batch_size * seq_length, vocab_size), shift_labels.view(batch_size * seq_length), reduction='none')
            if loss_mask != None:
                loss = loss * loss_mask[..., 1:].contiguous().view(-1)
            loss = loss.sum()/loss_mask.sum()
        return loss, logits


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

torch.manual_seed(0)
tokenizer = CharTokenizer()
collator = DataCollatorForUIE(tokenizer, max_source_length=64)
model = TinyLMForCausalLM_with_lossmask(TinyLMConfig())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

# a long input sentence: instruction + sentence already fill max_source_length, so the label is cut off
instance = {'Instance': {
    'instruction': "Please list all entity words in the text that fit the category. Output format is \"type1: word1; type2: word2\". \nText: ",
    'sentence': "The European Commission said on Thursday it disagreed with German advice to consumers to shun British lamb.",
    'label': "organization: European Commission; location: German; location: British",
}}
inputs = collator([instance])
model.train()
optimizer.zero_grad()
loss, logits = model(**inputs)
loss.backward()
optimizer.step()
