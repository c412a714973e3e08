import torch

IGNORE_INDEX = -100


def collate(examples, max_length):
    input_ids = torch.zeros(len(examples), max_length, dtype=torch.long)
    labels = torch.full((len(examples), max_length), IGNORE_INDEX)
    for i, (prompt, response) in enumerate(examples):
        tokens = (prompt + response)[:max_length]
        input_ids[i, :len(tokens)] = torch.tensor(tokens)
        start = min(len(prompt), max_length)
        labels[i, start:len(tokens)] = torch.tensor(tokens[start:len(tokens)], dtype=torch.long)
    return input_ids, labels
