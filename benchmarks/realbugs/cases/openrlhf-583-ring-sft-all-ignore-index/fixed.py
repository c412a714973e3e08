# OpenRLHF/OpenRLHF#583: with ring attention each rank's label slice can be all IGNORE_INDEX -> CrossEntropyLoss is NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)


class GPTLMLoss(nn.Module):
    def __init__(self, ring_attn_rank=0, ring_attn_world_size=1):
        super().__init__()
        self.IGNORE_INDEX = -100
        self.loss = nn.CrossEntropyLoss(ignore_index=self.IGNORE_INDEX)
        self.ring_attn_rank = ring_attn_rank
        self.ring_attn_world_size = ring_attn_world_size

    def forward(self, logits, labels):
        total_seq_len = labels.size(-1)
        seq_len_per_process = total_seq_len // self.ring_attn_world_size
        start_idx = self.ring_attn_rank * seq_len_per_process
        end_idx = min(start_idx + seq_len_per_process, total_seq_len)
        labels = labels[..., start_idx:end_idx]

        shift_logits = logits[..., :-1, :].contiguous()
        shift_labels = labels[..., 1:].contiguous()
        # if labels are all IGNORE_INDEX, then nn.CrossEntropyLoss will be nan
        if torch.all(shift_labels == self.IGNORE_INDEX):
            loss = shift_logits.mean() * 0
        else:
            loss = self.loss(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
        return loss


vocab = 10
labels = torch.randint(0, vocab, (1, 16))
labels[:, :10] = -100  # the prompt is masked out of the SFT loss
loss_fn = GPTLMLoss(ring_attn_rank=0, ring_attn_world_size=2)  # rank 0 holds tokens 0..7, all prompt
logits = torch.randn(1, 8, vocab, requires_grad=True)  # this rank's local logits
loss = loss_fn(logits, labels)
loss.backward()
print(loss)
