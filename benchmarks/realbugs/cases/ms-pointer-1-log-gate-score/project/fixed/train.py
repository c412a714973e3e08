import torch

from model import MultiSourcePointer

torch.manual_seed(0)

batch, len1, len2, hidden = 4, 7, 5, 16
model = MultiSourcePointer(hidden)
decoder_hidden = torch.randn(batch, hidden) * 200
copy_scores_1 = torch.softmax(torch.randn(batch, len1), -1)
copy_scores_2 = torch.softmax(torch.randn(batch, len2), -1)
target_to_source_1 = torch.zeros(batch, len1, dtype=torch.bool)
target_to_source_1[:, 2] = True
target_to_source_2 = torch.zeros(batch, len2, dtype=torch.bool)
target_to_source_2[:, 0] = True
source_mask_1 = torch.ones(batch, len1)
source_mask_2 = torch.ones(batch, len2)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
optimizer.zero_grad()
loss = model(decoder_hidden, copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2,
             source_mask_1, source_mask_2)
loss.backward()
grad = model.gate.gate_layer.weight.grad
optimizer.step()
