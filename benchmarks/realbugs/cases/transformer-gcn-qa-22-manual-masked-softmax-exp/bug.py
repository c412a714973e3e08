# bowang-lab/Transformer-GCN-QA#22 "Nan debugging" (merged as "Trying torch LogSoftmax to solve
# nan"). TransformerGCNQA computes its masked softmax over candidates by hand: for each
# candidate it stores exp(max mention logit) and divides by the sum. Once a logit passes ~88,
# exp overflows float32 to inf and inf / inf gives NaN, so the cross-entropy loss is NaN.
import torch
import torch.nn as nn


class TransformerGCNQA(nn.Module):
    def __init__(self, hidden=32, n_layers=3):
        super().__init__()
        self.fc_query = nn.Linear(hidden, hidden)
        self.gcn_layers = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(n_layers)])
        self.fc_logits = nn.Linear(2 * hidden, 1)

    def forward(self, encoded_query, candidate_indices, encoded_mention, adjacency, target=None):
        query = torch.tanh(self.fc_query(encoded_query))
        x = encoded_mention
        gcn_layers_sum = torch.zeros_like(x)
        for layer in self.gcn_layers:
            x = torch.relu(layer(adjacency @ x))
            gcn_layers_sum += x
        x = gcn_layers_sum
        x_query_cat = torch.cat([x, query.expand((len(x), -1))], dim=-1)
        logits = self.fc_logits(x_query_cat)  # N x 1

        # Compute the masked softmax based on available candidates
        masked_softmax = torch.zeros(len(candidate_indices))
        for i, idxs in enumerate(candidate_indices.values()):
            # Don't compute a likelihood if no instances of candidate
            if idxs:
                logits_masked_max = torch.max(logits[idxs])
                masked_softmax[i] = torch.exp(logits_masked_max)
        masked_softmax /= torch.sum(masked_softmax)

        if target is not None:
            loss_fct = nn.CrossEntropyLoss()
            class_index = torch.argmax(target, 1)
            loss = loss_fct(masked_softmax.view(-1, len(candidate_indices)), class_index)
            return masked_softmax, loss
        return masked_softmax


torch.manual_seed(0)
model = TransformerGCNQA()
encoded_query = torch.randn(1, 32)
encoded_mention = torch.randn(6, 32) * 4.0  # un-normalised BERT mention encodings
adjacency = torch.ones(6, 6) / 6 + torch.eye(6)
candidate_indices = {"paris": [0, 1], "lyon": [2, 3, 4], "nice": [5]}
target = torch.tensor([[1.0, 0.0, 0.0]])
with torch.no_grad():
    model.fc_logits.weight.mul_(100.0)  # logit scale reached after a few epochs of training
masked_softmax, loss = model(encoded_query, candidate_indices, encoded_mention, adjacency, target)
loss.backward()
