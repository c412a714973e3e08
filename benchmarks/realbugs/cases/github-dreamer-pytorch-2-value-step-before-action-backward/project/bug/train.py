import torch
import torch.nn.functional as F

from models import ActionModel, RecurrentStateSpaceModel, RewardModel, ValueModel
from utils import lambda_target

torch.manual_seed(0)
state_dim, rnn_hidden_dim, action_dim = 8, 16, 2
imagination_horizon, gamma, lambda_, batch = 5, 0.99, 0.95, 4

rssm = RecurrentStateSpaceModel(state_dim, action_dim, rnn_hidden_dim)
action_model = ActionModel(state_dim, rnn_hidden_dim, action_dim)
value_model = ValueModel(state_dim, rnn_hidden_dim)
reward_model = RewardModel(state_dim, rnn_hidden_dim)
value_optimizer = torch.optim.Adam(value_model.parameters(), lr=8e-5)
action_optimizer = torch.optim.Adam(action_model.parameters(), lr=8e-5)

flatten_states = torch.randn(batch, state_dim)
flatten_rnn_hiddens = torch.zeros(batch, rnn_hidden_dim)
imaginated_states = [flatten_states]
imaginated_rnn_hiddens = [flatten_rnn_hiddens]
for h in range(1, imagination_horizon + 1):
    actions = action_model(flatten_states, flatten_rnn_hiddens)
    flatten_states_prior, flatten_rnn_hiddens = rssm.prior(flatten_states, actions, flatten_rnn_hiddens)
    flatten_states = flatten_states_prior.rsample()
    imaginated_states.append(flatten_states)
    imaginated_rnn_hiddens.append(flatten_rnn_hiddens)
flatten_imaginated_states = torch.cat(imaginated_states)
flatten_imaginated_rnn_hiddens = torch.cat(imaginated_rnn_hiddens)
imaginated_rewards = reward_model(flatten_imaginated_states, flatten_imaginated_rnn_hiddens).view(imagination_horizon + 1, -1)
imaginated_values = value_model(flatten_imaginated_states, flatten_imaginated_rnn_hiddens).view(imagination_horizon + 1, -1)
lambda_target_values = lambda_target(imaginated_rewards, imaginated_values, gamma, lambda_)

# update value model
value_loss = 0.5 * F.mse_loss(imaginated_values, lambda_target_values.detach())
value_optimizer.zero_grad()
value_loss.backward(retain_graph=True)
value_optimizer.step()

# update action model (multiply -1 for gradient ascent)
action_loss = -1 * (lambda_target_values.mean())
action_optimizer.zero_grad()
action_loss.backward()
action_optimizer.step()
