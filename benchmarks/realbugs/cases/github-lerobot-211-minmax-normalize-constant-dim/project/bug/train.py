import torch

from policy import DiffusionPolicy

torch.manual_seed(0)

# push-T extended to a real arm: only the XY dims move, the others are held fixed
states = torch.rand(200, 4)
states[:, 2:] = 0.5
actions = torch.rand(200, 4)
actions[:, 2:] = 0.5


def compute_stats(data):
    return {k: {"min": v.min(0).values, "max": v.max(0).values, "mean": v.mean(0), "std": v.std(0)}
            for k, v in data.items()}


dataset_stats = compute_stats({"observation.state": states, "action": actions})
policy = DiffusionPolicy(4, 4, dataset_stats)
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-4)
for step in range(2):
    idx = torch.randint(0, 200, (16,))
    output_dict = policy({"observation.state": states[idx], "action": actions[idx]})
    loss = output_dict["loss"]
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
