import torch

from modeling_pi0 import PI0FlowMatching

torch.set_default_dtype(torch.bfloat16)
torch.manual_seed(107)
config = {"proj_width": 32, "max_state_dim": 8, "max_action_dim": 4, "chunk_size": 5, "batch_size": 256}
policy = PI0FlowMatching(config)
optimizer = torch.optim.AdamW(policy.parameters(), lr=2.5e-5, weight_decay=1e-10, eps=1e-6)
for step in range(3):
    state = torch.randn(config["batch_size"], config["max_state_dim"])
    actions = torch.randn(config["batch_size"], config["chunk_size"], config["max_action_dim"])
    losses = policy(state, actions)
    loss = losses.mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
