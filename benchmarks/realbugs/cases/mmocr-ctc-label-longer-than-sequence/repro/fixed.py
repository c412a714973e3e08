import torch
import torch.nn as nn

torch.manual_seed(0)
num_classes = 37
ctc_loss = nn.CTCLoss(blank=0, reduction="mean", zero_infinity=True)

logits = torch.randn(2, 8, num_classes, requires_grad=True)
outputs = torch.log_softmax(logits, dim=2)
bsz, seq_len = outputs.size(0), outputs.size(1)
outputs_for_loss = outputs.permute(1, 0, 2).contiguous()
target_lengths = torch.tensor([5, 11])
targets = torch.randint(1, num_classes, (int(target_lengths.sum()),))
input_lengths = torch.full(size=(bsz,), fill_value=seq_len, dtype=torch.long)
loss = ctc_loss(outputs_for_loss, targets, input_lengths, target_lengths)
print("ctc loss", loss.item())
