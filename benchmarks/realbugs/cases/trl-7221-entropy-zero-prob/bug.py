# trl #7221: entropy_from_logits returns NaN for zero-probability tokens (exp(logps) * logps = 0 * -inf).
import torch
import torch.nn.functional as F


def entropy_from_logits(logits, chunk_size=128):
    original_shape = logits.shape[:-1]
    num_classes = logits.shape[-1]
    flat_logits = logits.reshape(-1, num_classes)
    entropies = []
    for chunk in flat_logits.split(chunk_size, dim=0):
        logps = F.log_softmax(chunk, dim=-1)
        chunk_entropy = -(torch.exp(logps) * logps).sum(-1)
        entropies.append(chunk_entropy)
    entropies = torch.cat(entropies, dim=0)
    return entropies.reshape(original_shape)


logits = torch.tensor([[0.0, 0.0, float("-inf")], [1.0, 2.0, 3.0]])
entropy = entropy_from_logits(logits)
half_entropy = entropy_from_logits(torch.tensor([[65504.0, -65504.0]], dtype=torch.float16))
