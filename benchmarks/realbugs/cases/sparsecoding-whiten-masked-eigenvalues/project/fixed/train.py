import torch

from images import WhitenedPatches

torch.manual_seed(0)
config = {"patch_size": 4, "n_components": 0.9, "n_basis": 24, "lmbda": 0.1, "n_iter": 20, "lr": 0.05, "step": 0.05}
smooth = torch.nn.functional.avg_pool2d(torch.randn(8, 1, 36, 36), 5, stride=1).squeeze(1)
dataset = WhitenedPatches(smooth, config["patch_size"], n_components=config["n_components"])
loader = torch.utils.data.DataLoader(dataset, batch_size=64, shuffle=True)

dictionary = torch.nn.functional.normalize(torch.randn(config["patch_size"] ** 2, config["n_basis"]), dim=0)


def infer(data, dictionary, lmbda, n_iter, step):
    coeff = torch.zeros(data.size(0), dictionary.size(1))
    for _ in range(n_iter):
        residual = data - coeff @ dictionary.T
        coeff = torch.nn.functional.softshrink(coeff + step * residual @ dictionary, lmbda * step)
    return coeff


for batch in list(loader)[:3]:
    coeff = infer(batch, dictionary, config["lmbda"], config["n_iter"], config["step"])
    residual = batch - coeff @ dictionary.T
    dictionary = torch.nn.functional.normalize(dictionary + config["lr"] * residual.T @ coeff, dim=0)
    energy = residual.pow(2).sum(1).mean()
    print(energy.item())
