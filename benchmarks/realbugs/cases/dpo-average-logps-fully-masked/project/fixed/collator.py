import torch


def build_example(prompt_ids, response_ids, max_length):
    """Concatenate prompt and response, truncate, and mask the prompt in the labels."""
    input_ids = (prompt_ids + response_ids)[:max_length]
    labels = ([-100] * len(prompt_ids) + response_ids)[:max_length]
    pad = max_length - len(input_ids)
    return input_ids + [0] * pad, labels + [-100] * pad


def collate(pairs, max_length):
    chosen = [build_example(p, c, max_length) for p, c, _ in pairs]
    rejected = [build_example(p, r, max_length) for p, _, r in pairs]
    return {
        "chosen_input_ids": torch.tensor([c[0] for c in chosen]),
        "chosen_labels": torch.tensor([c[1] for c in chosen]),
        "rejected_input_ids": torch.tensor([r[0] for r in rejected]),
        "rejected_labels": torch.tensor([r[1] for r in rejected]),
    }
