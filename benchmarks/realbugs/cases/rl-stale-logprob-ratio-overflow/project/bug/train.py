import torch

from loss import LossConfig, compute_loss
from model import TinyPolicyLM

torch.manual_seed(0)
model = TinyPolicyLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
config = LossConfig()

batch = {
    "input_ids": torch.randint(0, 10, (2, 5)),
    "target_ids": torch.randint(0, 10, (2, 5)),
    "inference_logprobs": torch.full((2, 5), -2.5),
    "advantages": torch.tensor([[0.7] * 5, [-0.7] * 5]),
    "loss_mask": torch.ones(2, 5),
}
batch["inference_logprobs"][1, 2] = -100.0  # logprob from a stale policy version

for step in range(2):
    optimizer.zero_grad()
    trainer_logprobs = model.token_logprobs(batch["input_ids"], batch["target_ids"])
    loss = compute_loss(trainer_logprobs, batch["inference_logprobs"], batch["advantages"], batch["loss_mask"], config)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
