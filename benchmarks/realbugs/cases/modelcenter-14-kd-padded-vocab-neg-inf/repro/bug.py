# OpenBMB/ModelCenter#14: GPT2 pads its odd vocabulary (50257) to an even size and sets the logit of the extra
# column to -inf; distilling one GPT2 into another, softmax(teacher) is 0 there and log_softmax(student) is -inf,
# so prob_t * log_prob_s = 0 * -inf = NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
vocab_size, dim_model, batch, seqlen = 11, 16, 2, 5  # 11 real tokens, padded to 12


class TinyGPT2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.input_embedding = torch.nn.Embedding(vocab_size + 1, dim_model)
        self.encoder = torch.nn.Linear(dim_model, dim_model)

    def forward(self, input_ids):
        hidden_states = torch.tanh(self.encoder(self.input_embedding(input_ids)))
        logits = hidden_states @ self.input_embedding.weight.t()
        logits[:, :, -1] = -float("inf")  # TODO not an elegant implementation, gpt2 vocab is odd number, expand to even and ignore last
        return logits


teacher, student = TinyGPT2(), TinyGPT2()
input_ids = torch.randint(0, vocab_size, (batch, seqlen))
with torch.no_grad():
    logits_t = teacher(input_ids)
logits_s = student(input_ids)

prob_t = F.softmax(logits_t, dim=-1)
log_prob_s = F.log_softmax(logits_s, dim=-1)
d_loss = -(prob_t * log_prob_s).sum(dim=-1).mean()
d_loss.backward()
grad = student.encoder.weight.grad
