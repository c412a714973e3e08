# meta-llama/llama-cookbook#133: "evaluation loss is nan".
# The alpaca InstructionDataset tokenises prompt + answer, truncates to max_words and sets the
# prompt tokens' labels to IGNORE_INDEX. An instruction longer than max_words leaves no answer
# token, so every label is -100 and CrossEntropyLoss(reduction="mean") divides 0 by 0: the
# sample's loss is NaN and so is the whole evaluation loss (and perplexity).
import copy

import torch
import torch.nn as nn

IGNORE_INDEX = -100
PROMPT = "Below is an instruction. Write a response.\n### Instruction:\n{instruction}\n### Response:\n"


class CharTokenizer:
    eos_token_id = 1

    def encode(self, text):
        return [2 + (ord(c) % 60) for c in text]


class InstructionDataset(torch.utils.data.Dataset):
    def __init__(self, samples, tokenizer, max_words=64):
        self.ann, self.tokenizer, self.max_words = samples, tokenizer, max_words

    def __len__(self):
        return len(self.ann)

    def __getitem__(self, index):
        ann = self.ann[index]
        prompt = PROMPT.format(instruction=ann["instruction"])
        example = prompt + ann["output"]
        prompt = torch.tensor(self.tokenizer.encode(prompt), dtype=torch.int64)
        example = self.tokenizer.encode(example)
        example.append(self.tokenizer.eos_token_id)
        example = torch.tensor(example, dtype=torch.int64)
        padding = self.max_words - example.shape[0]
        if padding > 0:
            example = torch.cat((example, torch.zeros(padding, dtype=torch.int64) - 1))
        elif padding < 0:
            example = example[: self.max_words]
        labels = copy.deepcopy(example)
        labels[: len(prompt)] = -1
        example_mask = example.ge(0)
        label_mask = labels.ge(0)
        example[~example_mask] = 0
        labels[~label_mask] = IGNORE_INDEX
        return {"input_ids": example, "labels": labels, "attention_mask": example_mask.float()}


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=64, hidden=32):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids, labels=None, attention_mask=None):
        hidden, _ = self.rnn(self.embed_tokens(input_ids))
        logits = self.lm_head(hidden)
        loss = None
        if labels is not None:
            shift_logits = logits[..., :-1, :].contiguous()
            shift_labels = labels[..., 1:].contiguous()
            loss_fct = nn.CrossEntropyLoss()
            loss = loss_fct(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
        return loss, logits


def evaluation(model, eval_dataloader):
    model.eval()
    eval_loss = 0.0
    with torch.no_grad():
        for batch in eval_dataloader:
            loss, _ = model(**batch)
            eval_loss += loss.detach().float()
    eval_epoch_loss = eval_loss / len(eval_dataloader)
    eval_ppl = torch.exp(eval_epoch_loss)
    return eval_ppl, eval_epoch_loss


torch.manual_seed(0)
samples = [
    {"instruction": "Name a colour.", "output": "Blue."},
    {"instruction": "Summarise the following report in one sentence: " + "the quarterly numbers " * 4,
     "output": "Sales grew."},
]
dataset = InstructionDataset(samples, CharTokenizer(), max_words=128)
eval_dataloader = torch.utils.data.DataLoader(dataset, batch_size=1)
model = TinyCausalLM()
eval_ppl, eval_epoch_loss = evaluation(model, eval_dataloader)
