import torch

from models import EdgeModel

torch.manual_seed(0)
config = {"LR": 1e-4, "D2G_LR": 0.1, "BETA1": 0.0, "BETA2": 0.9, "FM_LOSS_WEIGHT": 10.0}
edge_model = EdgeModel(config)
images = torch.rand(2, 1, 16, 16)
edges = (torch.rand(2, 1, 16, 16) > 0.8).float()
masks = torch.zeros(2, 1, 16, 16)
masks[:, :, 4:10, 4:10] = 1.0
for it in range(2):
    outputs, gen_loss, dis_loss = edge_model.process(images, edges, masks)
    edge_model.backward(gen_loss, dis_loss)
    print(it, gen_loss.item(), dis_loss.item())
