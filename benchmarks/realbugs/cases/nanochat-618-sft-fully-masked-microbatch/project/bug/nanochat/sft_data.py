import torch

PAD = 0


def render_conversation(conversation, max_len):
    """Token ids and a mask: 1 on assistant tokens (supervised), 0 on user/system tokens."""
    ids, mask = [], []
    for role, tokens in conversation:
        ids.extend(tokens)
        mask.extend([1 if role == "assistant" else 0] * len(tokens))
    return ids[:max_len], mask[:max_len]


def sft_collate(conversations, max_len):
    """Inputs and targets for one micro-batch; targets are -1 where no loss is taken."""
    nrows = len(conversations)
    inputs = torch.full((nrows, max_len - 1), PAD, dtype=torch.long)
    targets = torch.full((nrows, max_len - 1), -1, dtype=torch.long)  # -1 is ignore index
    for i, conversation in enumerate(conversations):
        ids, mask = render_conversation(conversation, max_len)
        n = len(ids)
        ids_tensor = torch.tensor(ids, dtype=torch.long)
        inputs[i, :n - 1] = ids_tensor[:-1]
        row_targets = ids_tensor[1:]
        mask_tensor = torch.tensor(mask[1:], dtype=torch.long)
        row_targets[mask_tensor == 0] = -1  # mask out targets where mask is 0
        targets[i, :n - 1] = row_targets
    return inputs, targets
