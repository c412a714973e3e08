import torch
import torch.nn as nn

SPECIAL_IDS = [0, 1, 3]
EOS_ID = 2


class SpeechLanguageModel(nn.Module):
    def __init__(self, n_mels, model_dim, vocab):
        super().__init__()
        self.audio_proj = nn.Linear(n_mels, model_dim)
        self.tok = nn.Embedding(vocab, model_dim)
        self.lm_head = nn.Linear(model_dim, vocab)
        self.register_buffer("allowed", torch.ones(vocab, dtype=torch.bool))

    def forward(self, features, tokens):
        ctx = self.audio_proj(features).mean(dim=1, keepdim=True)
        return self.lm_head(self.tok(tokens) + ctx)

    @torch.no_grad()
    def generate(self, features, prompt, max_new_tokens, temperature=0.0):
        tokens = prompt
        for _ in range(max_new_tokens):
            next_logits = self(features, tokens)[:, -1, :]
            next_logits = next_logits.masked_fill(~self.allowed, -torch.inf)
            next_logits[:, SPECIAL_IDS] = -torch.inf
            if temperature == 0:
                next_ids = next_logits.argmax(dim=-1, keepdim=True)
            else:
                next_ids = torch.multinomial(torch.softmax(next_logits / temperature, dim=-1), num_samples=1)
            tokens = torch.cat([tokens, next_ids], dim=1)
        return tokens
