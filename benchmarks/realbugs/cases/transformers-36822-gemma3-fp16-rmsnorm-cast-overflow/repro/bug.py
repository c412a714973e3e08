# https://github.com/huggingface/transformers/issues/36822 -- Gemma 3 in float16 generates nothing: the
# Gemma3RMSNorm computes in float32, scales by (1 + weight) and casts back with .type_as(x); the
# post-feedforward norm's large weights on a channel carrying a massive activation push the value past
# 65504, the cast gives inf, the residual sum is inf and the next RMSNorm turns it into NaN.
import torch

torch.manual_seed(0)
D = 3840                                          # Gemma 3 12B hidden size
eps = 1e-6
post_ff_weight = torch.zeros(D, dtype=torch.float16)
post_ff_weight[0] = 1200.0                        # the checkpoint's large scale on the massive-activation channel
input_ln_weight = torch.zeros(D, dtype=torch.float16)
residual = torch.randn(1, 4, D).half()
mlp_out = torch.randn(1, 4, D).half()
mlp_out[..., 0] = 3000.0                          # a massive activation


def rms_norm(x, weight):
    xf = x.float()
    output = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps)
    output = output * (1.0 + weight.float())
    return output.type_as(x)


hidden_states = rms_norm(mlp_out, post_ff_weight)
hidden_states = residual + hidden_states
next_input = rms_norm(hidden_states, input_ln_weight)
