import torch


def get_text_field_mask(token_ids, padding_id=0):
    return (token_ids != padding_id).long()


def masked_log_softmax(vector, mask):
    if mask is not None:
        mask = mask.float()
        vector = vector + (mask + 1e-45).log()
    return torch.nn.functional.log_softmax(vector, dim=1)
