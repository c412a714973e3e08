# CorentinJ/Real-Time-Voice-Cloning#678: the GE2E speaker encoder L2-normalises a ReLU output,
# embeds_raw / ||embeds_raw||; an utterance whose embedding units are all dead (ReLU gives an all-zero vector)
# gives 0 / 0 = NaN embeddings, NaN similarities and a NaN loss.
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
speakers_per_batch, utterances_per_speaker, n_mels, hidden_size, emb_size = 4, 3, 20, 32, 16
lstm = nn.LSTM(input_size=n_mels, hidden_size=hidden_size, num_layers=2, batch_first=True)
linear = nn.Linear(hidden_size, emb_size)
relu = nn.ReLU()
similarity_weight, similarity_bias = nn.Parameter(torch.tensor([10.])), nn.Parameter(torch.tensor([-5.]))
with torch.no_grad():
    linear.weight.mul_(10.0)
    linear.bias.fill_(-1.5)  # dead ReLU units

frames = torch.rand(speakers_per_batch * utterances_per_speaker, 16, n_mels)
frames = frames[[0, 1, 3, 4, 2, 5, 6, 7, 8, 9, 10, 11]]
out, (hidden, cell) = lstm(frames)
embeds_raw = relu(linear(hidden[-1]))
embeds = embeds_raw / torch.norm(embeds_raw, dim=1, keepdim=True)

embeds = embeds.view(speakers_per_batch, utterances_per_speaker, -1)
centroids_incl = torch.mean(embeds, dim=1, keepdim=True)
centroids_incl = centroids_incl.clone() / torch.norm(centroids_incl, dim=2, keepdim=True)
centroids_excl = (torch.sum(embeds, dim=1, keepdim=True) - embeds) / (utterances_per_speaker - 1)
centroids_excl = centroids_excl.clone() / torch.norm(centroids_excl, dim=2, keepdim=True)
sim_matrix = torch.zeros(speakers_per_batch, utterances_per_speaker, speakers_per_batch)
mask_matrix = 1 - np.eye(speakers_per_batch, dtype=int)
for j in range(speakers_per_batch):
    mask = np.where(mask_matrix[j])[0]
    sim_matrix[mask, :, j] = (embeds[mask] * centroids_incl[j]).sum(dim=2)
    sim_matrix[j, :, j] = (embeds[j] * centroids_excl[j]).sum(dim=1)
sim_matrix = sim_matrix * similarity_weight + similarity_bias
target = torch.from_numpy(np.repeat(np.arange(speakers_per_batch), utterances_per_speaker)).long()
loss = nn.CrossEntropyLoss()(sim_matrix.reshape(-1, speakers_per_batch), target)
loss.backward()
grad = linear.weight.grad
