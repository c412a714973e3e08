# k2-fsa/icefall#135: "Get inf ctc loss during training" -- a very short utterance (11 frames)
# leaves 2 frames after the conformer's 4x subsampling, fewer than its 5 tokens: CTC has no
# alignment, the loss is inf and the step's gradients are NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Conv2dSubsampling(nn.Module):
    def __init__(self, idim, odim):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU())
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).reshape(b, t, c * f))


class ConformerCtc(nn.Module):
    def __init__(self, num_features=80, d_model=32, vocab_size=20):
        super().__init__()
        self.encoder_embed = Conv2dSubsampling(num_features, d_model)
        self.ctc_output = nn.Linear(d_model, vocab_size)

    def forward(self, feats):
        return self.ctc_output(self.encoder_embed(feats)).log_softmax(-1)


model = ConformerCtc()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

feats = torch.randn(2, 40, 80)
feature_lens = torch.tensor([40, 11])            # the second cut lasts 0.11 s
tokens = torch.randint(1, 20, (2, 5))
token_lens = torch.tensor([5, 5])

nnet_output = model(feats)                       # (N, T', V)
out_lens = ((feature_lens - 1) // 2 - 1) // 2    # 9 and 2 frames
loss = F.ctc_loss(nnet_output.transpose(0, 1), tokens, out_lens, token_lens, reduction="sum", blank=0)
optimizer.zero_grad()
loss.backward()
grad = model.ctc_output.weight.grad
