import torch
from prediction import PredictionModel
from entropy_model import GaussianModel

torch.manual_seed(0)
C = 4
prediction_model = PredictionModel(16, C)
entropy_bottleneck = GaussianModel()
optimizer = torch.optim.Adam(prediction_model.parameters(), lr=1e-4)

checkpoint = {"fc.bias": torch.cat([torch.zeros(C), torch.full((C,), -120.0)])}
with torch.no_grad():
    prediction_model.fc.bias.copy_(checkpoint["fc.bias"])

h_tilde = torch.randn(3, 16)
z2_rounded = torch.round(torch.randn(3, C))

optimizer.zero_grad()
hyper_mu, hyper_sigma = prediction_model(h_tilde)
likelihood = entropy_bottleneck(z2_rounded, hyper_sigma, hyper_mu)
bpp = torch.sum(-torch.log2(likelihood))
bpp.backward()
print("bpp", bpp.item())
