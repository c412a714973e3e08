# https://github.com/abduallahmohamed/Social-STGCNN/issues/68 -- standard fix: the correlation is kept strictly inside (-1, 1) before building the covariance.
import torch
import torch.distributions as torchdist

torch.manual_seed(0)
head = torch.nn.Linear(8, 5)
feats = torch.randn(12, 57, 8)
with torch.no_grad():
    head.weight[4] *= 30.0                        # trained correlation head, saturated for straight walkers

V_pred = head(feats)
sx = torch.exp(V_pred[:, :, 2])
sy = torch.exp(V_pred[:, :, 3])
corr = torch.tanh(V_pred[:, :, 4]).clamp(-0.999, 0.999)
cov = torch.zeros(V_pred.shape[0], V_pred.shape[1], 2, 2)
cov[:, :, 0, 0] = sx * sx
cov[:, :, 0, 1] = corr * sx * sy
cov[:, :, 1, 0] = corr * sx * sy
cov[:, :, 1, 1] = sy * sy
mean = V_pred[:, :, 0:2]
mvnormal = torchdist.MultivariateNormal(mean, cov)
samples = mvnormal.sample((20,))
