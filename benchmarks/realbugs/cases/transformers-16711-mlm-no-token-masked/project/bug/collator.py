import torch


class DataCollatorForLanguageModeling:
    def __init__(self, vocab_size, mask_token_id=4, special_ids=(0, 2, 3), mlm_probability=0.15, generator=None):
        self.vocab_size = vocab_size
        self.mask_token_id = mask_token_id
        self.special_ids = special_ids
        self.mlm_probability = mlm_probability
        self.generator = generator

    def __call__(self, examples):
        inputs = torch.tensor(examples)
        labels = inputs.clone()
        probability_matrix = torch.full(labels.shape, self.mlm_probability)
        special_tokens_mask = torch.isin(labels, torch.tensor(self.special_ids))
        probability_matrix.masked_fill_(special_tokens_mask, value=0.0)
        masked_indices = torch.bernoulli(probability_matrix, generator=self.generator).bool()
        labels[~masked_indices] = -100  # We only compute loss on masked tokens
        inputs[masked_indices] = self.mask_token_id
        return {"input_ids": inputs, "labels": labels}
