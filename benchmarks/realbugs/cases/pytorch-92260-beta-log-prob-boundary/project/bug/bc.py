class BehaviourCloning:
    def __init__(self, policy, action_low, action_high):
        self.policy = policy
        self.low = action_low
        self.high = action_high

    def to_unit(self, actions):
        return (actions - self.low) / (self.high - self.low)

    def loss(self, obs, expert_actions):
        dist = self.policy(obs)
        log_prob = dist.log_prob(self.to_unit(expert_actions)).sum(-1)
        return -log_prob.mean()
