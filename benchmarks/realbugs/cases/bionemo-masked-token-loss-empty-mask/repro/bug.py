import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
VOCAB, DIM, SEQ = 33, 16, 12

embed = nn.Embedding(VOCAB, DIM)
encoder = nn.TransformerEncoderLayer(DIM, 2, dim_feedforward=32, dropout=0.0, batch_first=True)
lm_head = nn.Linear(DIM, VOCAB)


def masked_token_loss(unreduced_token_loss, loss_mask):
    losses = unreduced_token_loss.float()
    loss_mask = loss_mask.view(-1).float()
    num_valid_tokens = loss_mask.sum()
    loss_sum = torch.sum(losses.view(-1) * loss_mask)
    return loss_sum / num_valid_tokens


tokens = torch.randint(4, VOCAB, (2, SEQ))
labels = tokens.clone()
loss_mask = torch.rand(2, SEQ) < 0.0
logits = lm_head(encoder(embed(tokens)))
token_loss = F.cross_entropy(logits.view(-1, VOCAB), labels.view(-1), reduction="none")
loss = masked_token_loss(token_loss, loss_mask)
loss.backward()
print("loss", loss.item())
