from networks import ActorNetwork, CriticNetwork


class Agent:
    def __init__(self, input_dims, env_max_action, n_actions=2):
        self.actor = ActorNetwork(input_dims, max_action=env_max_action, n_actions=n_actions)
        self.critic = CriticNetwork(input_dims, n_actions=n_actions)

    def actor_loss(self, states):
        actions, log_probs = self.actor.sample_normal(states, reparameterize=True)
        q = self.critic(states, actions)
        return (log_probs - q).mean()
