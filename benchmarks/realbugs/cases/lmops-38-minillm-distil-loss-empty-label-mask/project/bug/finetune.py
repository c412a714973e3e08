from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

from data_utils.lm_datasets import LMTrainDataset


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids, attention_mask=None, use_cache=False):
        h = torch.tanh(self.embed(input_ids))
        return SimpleNamespace(logits=self.lm_head(h))


def get_distil_loss(args, tokenizer, model, teacher_model, model_batch, no_model_batch, logits):
    with torch.no_grad():
        teacher_model.eval()
        teacher_outputs = teacher_model(**model_batch, use_cache=False)
        teacher_logits = teacher_outputs.logits
    if args.model_parallel:
        raise NotImplementedError
    else:
        teacher_probs = F.softmax(teacher_logits, dim=-1, dtype=torch.float32)
        inf_mask = torch.isinf(logits)
        logprobs = F.log_softmax(logits, dim=-1, dtype=torch.float32)
        prod_probs = torch.masked_fill(teacher_probs * logprobs, inf_mask, 0)
        x = torch.sum(prod_probs, dim=-1).view(-1)
        mask = (no_model_batch["label"] != -100).int()
        distil_loss = -torch.sum(x * mask.view(-1), dim=0) / torch.sum(mask.view(-1), dim=0)
    return distil_loss


def finetune(args, tokenizer, model, optimizer, dataset, teacher_model):
    losses = []
    for start in range(0, len(dataset), args.batch_size):
        samples = [dataset[j] for j in range(start, min(start + args.batch_size, len(dataset)))]
        model_batch, no_model_batch = dataset.collate(samples)
        outputs = model(**model_batch, use_cache=False)
        logits = outputs.logits
        distil_loss = get_distil_loss(args, tokenizer, model, teacher_model, model_batch, no_model_batch, logits)
        loss = distil_loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


torch.manual_seed(0)
args = SimpleNamespace(max_length=8, batch_size=2, model_parallel=False, lr=1e-3)
tokenizer = SimpleNamespace(eos_token_id=0)
vocab_size = 64
model = TinyCausalLM(vocab_size, 16)
teacher_model = TinyCausalLM(vocab_size, 16)
optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)

# the first batch has short prompts; in the second the prompts fill max_length and the responses are cut off
samples = [
    [5, 6, 7, 65535, 20, 21, 22, 23],
    [8, 9, 65535, 24, 25, 26],
    list(range(1, 11)) + [65535, 30, 31, 32],
    list(range(11, 20)) + [65535, 33, 34],
]
dataset = LMTrainDataset(args, tokenizer, samples)
losses = finetune(args, tokenizer, model, optimizer, dataset, teacher_model)
print(losses)
