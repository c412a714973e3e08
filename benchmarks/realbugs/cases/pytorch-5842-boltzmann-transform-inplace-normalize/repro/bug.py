# torch.distributions.transforms.BoltzmannTransform (before the pull request): the normalization divides
# in place the output of exp(), which ExpBackward0 saved for the backward pass.
import torch

torch.manual_seed(0)


class BoltzmannTransform(object):
    def __call__(self, x):
        logprobs = x
        probs = (logprobs - logprobs.max(-1, True)[0]).exp()
        probs /= probs.sum(-1, True)
        return probs


logits = torch.randn(16, 3, requires_grad=True)
component = torch.randint(0, 3, (16,))
probs = BoltzmannTransform()(logits)
loss = -(probs.gather(1, component[:, None]) + 1e-8).log().mean()
loss.backward()
