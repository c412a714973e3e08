# allenai/allennlp#890: util.masked_log_softmax() returns NaN for a row whose mask is all zeros.
import torch


def masked_log_softmax(vector, mask):
    if mask is not None:
        vector = vector + (mask + 1e-45).log()
    return torch.nn.functional.log_softmax(vector, dim=1)


vector = torch.tensor([[0.3725, 0.5344, 0.2128, 0.3324, 0.2745, 0.2454],
                       [0.3423, 0.3423, 0.3423, 0.3423, 0.3423, 0.3423]])
mask = torch.tensor([[1., 1., 1., 1., 1., 1.],
                     [0., 0., 0., 0., 0., 0.]])
result = masked_log_softmax(vector, mask)
print(result)
