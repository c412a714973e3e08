import torch

torch.manual_seed(0)

decoder = torch.nn.Linear(4, 6)
z = torch.randn(2, 4)
with torch.no_grad():
    decoder.bias[2] = 30.0
ps = torch.sigmoid(decoder(z))
x = torch.tensor([[1., 0., 1., 1., 0., 1.], [0., 0., 1., 1., 1., 0.]])
log_pdf = x * torch.log(ps) + (1 - x) * torch.log(1 - ps)
loss = -log_pdf.sum()
loss.backward()
print(loss)
