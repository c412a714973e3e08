# https://github.com/allanj/pytorch_neural_crf/issues/4 - fix from the thread: keep the negative log-likelihood in log space, unlabeled_score - labeled_score, without the exp/log round trip.
import torch
import torch.nn as nn

torch.manual_seed(0)
T, K = 120, 5
emit = nn.Linear(8, K)
transitions = nn.Parameter(torch.randn(K, K) * 0.1)
words = torch.randn(T, 8)
tags = torch.randint(0, K, (T,))

scores = emit(words)
alpha = scores[0]
for t in range(1, T):
    alpha = torch.logsumexp(alpha.unsqueeze(1) + transitions + scores[t].unsqueeze(0), dim=0)
unlabeled_score = torch.logsumexp(alpha, dim=0)
labeled_score = scores[torch.arange(T), tags].sum() + transitions[tags[:-1], tags[1:]].sum()

loss = unlabeled_score - labeled_score
loss.backward()
grad = emit.weight.grad
print(labeled_score - unlabeled_score, loss)
