import torch
import torch.nn as nn
from vllm_lite.sampler import Sampler


class TinyCausalLM(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.lm_head(self.embed(ids).mean(1))


class ModelRunner:
    def __init__(self, model, dtype=torch.float16):
        self.model = model.to(dtype)
        self.dtype = dtype
        self.sampler = Sampler()

    @torch.inference_mode()
    def execute_model(self, input_ids, temperatures):
        logits = self.model(input_ids)
        return self.sampler(logits, temperatures)
