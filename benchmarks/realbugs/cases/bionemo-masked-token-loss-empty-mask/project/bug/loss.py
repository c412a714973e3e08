import torch
import torch.nn.functional as F


def masked_token_loss(unreduced_token_loss, loss_mask):
    """Sum the per-token loss over masked positions and average by their count."""
    losses = unreduced_token_loss.float()
    loss_mask = loss_mask.view(-1).float()
    num_valid_tokens = loss_mask.sum()
    loss_sum = torch.sum(losses.view(-1) * loss_mask)
    return loss_sum / num_valid_tokens


class BERTMLMLossWithReduction:
    def __init__(self, vocab_size):
        self.vocab_size = vocab_size

    def __call__(self, logits, labels, loss_mask):
        token_loss = F.cross_entropy(logits.view(-1, self.vocab_size), labels.view(-1), reduction="none")
        return masked_token_loss(token_loss, loss_mask)
