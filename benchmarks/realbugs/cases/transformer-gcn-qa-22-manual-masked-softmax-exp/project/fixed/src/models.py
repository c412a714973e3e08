"""TransformerGCNQA: query-aware mention encodings, a graph network, and a candidate softmax."""
import torch
import torch.nn as nn


class TransformerGCNQA(nn.Module):
    def __init__(self, hidden=32, n_layers=3):
        super().__init__()
        self.fc_query = nn.Linear(hidden, hidden)
        self.fc = nn.Linear(2 * hidden, hidden)
        self.gcn_layers = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(n_layers)])
        self.fc_logits = nn.Linear(2 * hidden, 1)

    def encode_query_aware_mentions(self, encoded_query, encoded_mention):
        concat = torch.cat([encoded_mention, encoded_query.expand((len(encoded_mention), -1))], dim=-1)
        return nn.functional.leaky_relu(self.fc(concat))

    def forward(self, encoded_query, candidate_indices, encoded_mention, adjacency, target=None):
        query = torch.tanh(self.fc_query(encoded_query))
        x = self.encode_query_aware_mentions(query, encoded_mention)
        gcn_layers_sum = torch.zeros_like(x)
        for layer in self.gcn_layers:
            x = torch.relu(layer(adjacency @ x))
            gcn_layers_sum += x
        x = gcn_layers_sum
        x_query_cat = torch.cat([x, query.expand((len(x), -1))], dim=-1)
        logits = self.fc_logits(x_query_cat)  # N x 1

        # Compute the masked logits based on available candidates
        masked_softmax = torch.zeros(len(candidate_indices))
        for i, idxs in enumerate(candidate_indices.values()):
            if idxs:
                masked_softmax[i] = torch.max(logits[idxs])

        # If target is provided compute loss, otherwise return `masked_softmax`
        if target is not None:
            loss_fct = nn.CrossEntropyLoss()
            class_index = torch.argmax(target, 1)
            loss = loss_fct(masked_softmax.view(-1, len(candidate_indices)), class_index)
            return masked_softmax, loss
        return masked_softmax
