import torch
from networks import MappingNetwork, SynthesisNetwork
from loss import StyleGAN2Loss

torch.manual_seed(0)
G_mapping = MappingNetwork()
G_synthesis = SynthesisNetwork()
with torch.no_grad():
    G_synthesis.fc2.bias.fill_(30.0)
loss = StyleGAN2Loss(G_mapping, G_synthesis)
opt = torch.optim.Adam(list(G_mapping.parameters()) + list(G_synthesis.parameters()), lr=2e-3, betas=(0.0, 0.99))

opt.zero_grad()
loss_Gpl = loss.accumulate_gradients_Gpl(torch.randn(4, 8))
grad_mapping = G_mapping.fc.weight.grad.clone()
opt.step()
print("loss_Gpl", loss_Gpl.item())
