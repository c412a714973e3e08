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
            loss = loss.sum()/(loss_mask.sum()+1e-8)
        return loss, logits
