import torch


class GPT2Config:
    def __init__(self, vocab_size=11, dim_model=16, position_size=32, tied=True):
        self.vocab_size = vocab_size
        self.dim_model = dim_model
        self.position_size = position_size
        self.tied = tied


class Embedding(torch.nn.Module):
    def __init__(self, vocab_size, embedding_size):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(vocab_size, embedding_size) * 0.02)

    def forward(self, ids):
        return torch.nn.functional.embedding(ids, self.weight)

    def projection(self, x):
        return torch.matmul(x, self.weight.t())


class GPT2(torch.nn.Module):
    def __init__(self, config: GPT2Config):
        super().__init__()
        self.input_embedding = Embedding(config.vocab_size + 1, config.dim_model)  # odd vocab expanded to even
        self.position_embedding = Embedding(config.position_size, config.dim_model)
        self.encoder = torch.nn.Sequential(torch.nn.Linear(config.dim_model, config.dim_model), torch.nn.GELU())
        self.tied = config.tied
        if not self.tied:
            self.output_projection = torch.nn.Linear(config.dim_model, config.vocab_size + 1)

    def forward(self, input_ids, return_logits=False):
        position_ids = torch.arange(input_ids.size(1))[None, :].repeat(input_ids.size(0), 1)
        hidden_states = self.input_embedding(input_ids) + self.position_embedding(position_ids)
        hidden_states = self.encoder(hidden_states)
        if self.tied:
            logits = self.input_embedding.projection(hidden_states)
            logits[:, :, -1] = -float("inf")  # TODO not an elegant implementation, gpt2 vocab is odd number, expand to even and ignore last
        else:
            logits = self.output_projection(hidden_states)
            logits[:, :, -1] = -float("inf")  # TODO not an elegant implementation, gpt2 vocab is odd number, expand to even and ignore last
        if return_logits:
            return logits
        return hidden_states
