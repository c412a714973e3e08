import torch

from algorithms.loss_functions import ClippedPGLossFn

torch.manual_seed(0)

loss_fn = ClippedPGLossFn({"ratio_eps": 0.2})
curr_logprobs = torch.randn(2, 12, requires_grad=True)
prev_logprobs = curr_logprobs.detach() + 0.01 * torch.randn(2, 12)
data = {
    "prev_logprobs": prev_logprobs,
    "generation_logprobs": prev_logprobs + 0.01 * torch.randn(2, 12),
    "token_mask": torch.zeros(2, 12),
    "sample_mask": torch.ones(2),
    "advantages": torch.randn(2),
}
loss, metrics = loss_fn(curr_logprobs, data)
loss.backward()
