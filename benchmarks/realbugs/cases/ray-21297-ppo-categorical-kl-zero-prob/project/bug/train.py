import torch
from model import FullyConnectedNetwork
from ppo_loss import ppo_surrogate_loss


class PPOTorchPolicy:
    def __init__(self, config):
        self.config = config
        self.kl_coeff = config["kl_coeff"]
        self.model = FullyConnectedNetwork(4, 5)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config["lr"])


config = {"kl_coeff": 0.0, "clip_param": 0.3, "vf_loss_coeff": 1.0, "entropy_coeff": 0.0, "lr": 5e-5}
torch.manual_seed(0)
policy = PPOTorchPolicy(config)
# after long training the logits layer has drifted: one action sits far below the others
with torch.no_grad():
    policy.model.logits.weight.zero_()
    policy.model.logits.bias.copy_(torch.tensor([-86.197, -5.939, -0.0026379, -53.358, -105.7]))

prev_logits = torch.tensor([[-84.742, -7.2213, -0.00073051, -51.313, -103.49]]).repeat(4, 1)
train_batch = {"obs": torch.randn(4, 4), "actions": torch.tensor([2, 2, 1, 2]),
               "action_dist_inputs": prev_logits, "advantages": torch.randn(4),
               "value_targets": torch.randn(4)}
train_batch["action_logp"] = torch.log_softmax(prev_logits, -1).gather(1, train_batch["actions"][:, None])[:, 0]

for sgd_iter in range(2):
    total_loss = ppo_surrogate_loss(policy, policy.model, train_batch)
    policy.optimizer.zero_grad()
    total_loss.backward()
    policy.optimizer.step()
    print(sgd_iter, total_loss.item(), policy.stats["kl"].item())
