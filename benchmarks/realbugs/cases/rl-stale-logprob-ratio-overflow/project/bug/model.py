import torch.nn as nn
import torch.nn.functional as F


class TinyPolicyLM(nn.Module):
    def __init__(self, vocab_size=10, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.lm_head = nn.Linear(dim, vocab_size)

    def token_logprobs(self, input_ids, target_ids):
        logits = self.lm_head(self.embed(input_ids))
        logprobs = F.log_softmax(logits, dim=-1)
        return logprobs.gather(-1, target_ids.unsqueeze(-1)).squeeze(-1)
