# Dreamer_PyTorch issue #2: value_optimizer.step() runs before action_loss.backward(); the action
# loss (lambda returns of imagined values) goes through value_model, whose weights the step changed.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
S, H, A, horizon = 8, 16, 2, 5


def lambda_target(rewards, values, gamma, lambda_):
    V_lambda = torch.zeros_like(rewards)
    H_ = rewards.shape[0] - 1
    V_n = torch.zeros_like(rewards)
    V_n[H_] = values[H_]
    for n in range(1, H_ + 1):
        V_n[:-n] = (gamma ** n) * values[n:]
        for k in range(1, n + 1):
            V_n[:-n] += (gamma ** (k - 1)) * rewards[k:-n + k] if k != n else (gamma ** (n - 1)) * rewards[n:]
        V_lambda += (lambda_ ** (n - 1)) * V_n if n < H_ else 0
    return (1 - lambda_) * V_lambda + (lambda_ ** (H_ - 1)) * V_n


rnn = nn.GRUCell(S + A, H)
fc_state = nn.Linear(H, S)
action_model = nn.Sequential(nn.Linear(S + H, 32), nn.ELU(), nn.Linear(32, A), nn.Tanh())
reward_model = nn.Linear(S + H, 1)
value_model = nn.Sequential(nn.Linear(S + H, 32), nn.ELU(), nn.Linear(32, 1))
value_optimizer = torch.optim.Adam(value_model.parameters(), lr=8e-5)
action_optimizer = torch.optim.Adam(action_model.parameters(), lr=8e-5)

state, hidden = torch.randn(4, S), torch.zeros(4, H)
states, hiddens = [state], [hidden]
for h in range(horizon):
    action = action_model(torch.cat([state, hidden], -1))
    hidden = rnn(torch.cat([state, action], -1), hidden)
    state = fc_state(hidden) + 0.1 * torch.randn(4, S)
    states.append(state)
    hiddens.append(hidden)
feat = torch.cat([torch.stack(states), torch.stack(hiddens)], -1)
imaginated_rewards = reward_model(feat).squeeze(-1)
imaginated_values = value_model(feat).squeeze(-1)
lambda_target_values = lambda_target(imaginated_rewards, imaginated_values, 0.99, 0.95)

value_loss = 0.5 * F.mse_loss(imaginated_values, lambda_target_values.detach())
value_optimizer.zero_grad()
value_loss.backward(retain_graph=True)
value_optimizer.step()

action_loss = -1 * (lambda_target_values.mean())
action_optimizer.zero_grad()
action_loss.backward()
action_optimizer.step()
