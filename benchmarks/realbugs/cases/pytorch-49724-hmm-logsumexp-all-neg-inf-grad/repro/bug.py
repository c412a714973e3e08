import torch

torch.manual_seed(0)

n_states, n_obs, T = 3, 4, 5
allowed = torch.tensor([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]])
trans_logits = torch.zeros(n_states, n_states, requires_grad=True)
emit_logits = torch.randn(n_states, n_obs, requires_grad=True)
log_A = torch.log_softmax(trans_logits.masked_fill(allowed == 0, float("-inf")), dim=1)
log_B = torch.log_softmax(emit_logits, dim=1)
log_pi = torch.log(torch.tensor([1.0, 0.0, 0.0]))
obs = torch.tensor([0, 1, 1, 2, 3])

alpha = log_pi + log_B[:, obs[0]]
for t in range(1, T):
    alpha = torch.logsumexp(alpha.unsqueeze(1) + log_A, dim=0) + log_B[:, obs[t]]
loss = -torch.logsumexp(alpha, dim=0)
loss.backward()
