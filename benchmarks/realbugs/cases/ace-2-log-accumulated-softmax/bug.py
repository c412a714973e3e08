# Aggregation-Cross-Entropy #2: torch.log(input) on accumulated softmax scores is NaN when a class never fires.
import torch
import torch.nn as nn

torch.manual_seed(0)


class ACE(nn.Module):
    def forward(self, input, label):
        self.bs, self.h, self.w, _ = input.size()
        T_ = self.h * self.w
        input = input.view(self.bs, T_, -1)
        self.label = label
        self.label[:, 0] = T_ - self.label[:, 0]
        input = torch.sum(input, 1)
        input = input / T_
        label = label / T_
        loss = (-torch.sum(torch.log(input) * label)) / self.bs
        return loss


logits = torch.randn(2, 1, 8, 5) * 3
logits[..., 4] = -200.0  # class 4 never appears in the image: its softmax underflows to 0
logits.requires_grad_()
input = torch.softmax(logits, dim=-1)
label = torch.tensor([[0.0, 2.0, 1.0, 1.0, 0.0], [0.0, 1.0, 3.0, 0.0, 0.0]])
loss = ACE()(input, label)
loss.backward()
grad = logits.grad
