import torch
from wenet.encoder import ConformerEncoderLite
from wenet.ctc import CTC

torch.manual_seed(0)
encoder = ConformerEncoderLite()
ctc = CTC(odim=12, encoder_output_size=16)
optimizer = torch.optim.Adam(list(encoder.parameters()) + list(ctc.parameters()), lr=1e-3)

batches = [
    (torch.randn(2, 48, 20), torch.tensor([48, 40]), torch.tensor([[3, 5, 7, 2, 0, 0], [4, 4, 6, 9, 1, 2]]), torch.tensor([4, 6])),
    (torch.randn(2, 48, 20), torch.tensor([48, 15]), torch.tensor([[2, 8, 7, 2, 0, 0], [4, 4, 6, 9, 1, 2]]), torch.tensor([4, 6])),
]

for step, (feats, feat_lens, ys, ys_lens) in enumerate(batches):
    h, h_lens = encoder(feats, feat_lens)
    loss = ctc(h, h_lens, ys, ys_lens)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
