# pytorch-triplet-loss issue #1: why add epsilon before torch.sqrt in pairwise_distances? Without it the zero diagonal gives NaN gradients
import torch

torch.manual_seed(0)


def pairwise_distances(embeddings, squared=False):
    """
    ||a-b||^2 = |a|^2 - 2*<a,b> + |b|^2
    """
    # get dot product (batch_size, batch_size)
    dot_product = embeddings.mm(embeddings.t())

    # a vector
    square_sum = dot_product.diag()

    distances = square_sum.unsqueeze(1) - 2*dot_product + square_sum.unsqueeze(0)

    distances = distances.clamp(min=0)

    if not squared:
        distances = torch.sqrt(distances)

    return distances


def batch_hard_triplet_loss(labels, embeddings, margin=0.2):
    pairwise_dist = pairwise_distances(embeddings)
    same = labels.unsqueeze(0) == labels.unsqueeze(1)
    eye = torch.eye(len(labels), dtype=torch.bool)
    mask_anchor_positive = (same & ~eye).float()
    mask_anchor_negative = (~same).float()
    hardest_positive_dist = (mask_anchor_positive * pairwise_dist).max(1)[0]
    max_anchor_negative_dist = pairwise_dist.max(1, keepdim=True)[0]
    anchor_negative_dist = pairwise_dist + max_anchor_negative_dist * (1.0 - mask_anchor_negative)
    hardest_negative_dist = anchor_negative_dist.min(1)[0]
    return torch.relu(hardest_positive_dist - hardest_negative_dist + margin).mean()


net = torch.nn.Linear(10, 4)
x = torch.randn(6, 10)
labels = torch.tensor([0, 0, 1, 1, 2, 2])
loss = batch_hard_triplet_loss(labels, net(x))
loss.backward()
