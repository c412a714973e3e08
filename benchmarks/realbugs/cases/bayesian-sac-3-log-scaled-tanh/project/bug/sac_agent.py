import torch as T
from networks import ActorNetwork, CriticNetwork


class Agent:
    def __init__(self, input_dims, n_actions, max_action, alpha=0.2):
        self.actor = ActorNetwork(input_dims, n_actions, max_action)
        self.critic = CriticNetwork(input_dims, n_actions)
        self.actor_optimizer = T.optim.Adam(self.actor.parameters(), lr=3e-4)
        self.alpha = alpha

    def learn(self, state):
        actions, log_probs = self.actor.sample_normal(state, reparameterize=True)
        q = self.critic(state, actions)
        actor_loss = (self.alpha * log_probs - q).mean()
        self.actor_optimizer.zero_grad()
        actor_loss.backward()
        self.actor_optimizer.step()
        return actor_loss, log_probs
