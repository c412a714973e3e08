import torch
import torch.nn as nn
import torch.nn.functional as F

from asr_dataset import AsrDataset

torch.manual_seed(0)
num_mel_bins, vocab = 40, 8
fbanks = [torch.randn(n, num_mel_bins) for n in (30, 22, 1, 17)]
targets = [torch.randint(1, vocab, (n,)) for n in (4, 3, 1, 2)]
dataset = AsrDataset(fbanks, targets, vocab)
loader = torch.utils.data.DataLoader(dataset, batch_size=4, collate_fn=dataset.collater)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(num_mel_bins, 64), nn.ReLU(), nn.Linear(64, vocab))

    def forward(self, src_tokens):
        return F.log_softmax(self.proj(src_tokens), dim=-1).transpose(0, 1)


model = Encoder()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    for batch in loader:
        lprobs = model(batch["src_tokens"])
        loss = F.ctc_loss(lprobs, batch["target"], batch["src_lengths"], batch["target_lengths"],
                          zero_infinity=True)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(epoch, loss.item())
