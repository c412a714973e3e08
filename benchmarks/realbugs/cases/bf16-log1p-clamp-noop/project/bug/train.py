import torch
import torch.nn.functional as F

from losses import marginal_pair_consistency_loss
from model import SpanBoundaryModel

torch.manual_seed(0)
model = SpanBoundaryModel()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
consistency_loss_weight = 0.1
bf16 = True

tokens = torch.randint(0, 100, (4, 16))

for step in range(1):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        out = model(tokens)
        valid_mask = torch.ones_like(out["pair_logits"], dtype=torch.bool)
        boundary_keep = torch.ones_like(out["start_logits"], dtype=torch.bool)
        span_targets = torch.zeros_like(out["pair_logits"])
        span_loss = F.binary_cross_entropy_with_logits(out["pair_logits"].float(), span_targets.float())
        consistency = marginal_pair_consistency_loss(
            out["pair_logits"], out["indices"], valid_mask, out["start_logits"], out["end_logits"], boundary_keep
        )
        loss = span_loss + consistency_loss_weight * consistency
    loss.backward()
    optimizer.step()
    print(step, loss.item(), torch.sigmoid(out["pair_logits"]).max().item())
