import torch


def pairwise_distance_torch(embeddings):
    precise_embeddings = embeddings.to(dtype=torch.float32)
    c1 = torch.pow(precise_embeddings, 2).sum(axis=-1)
    c2 = torch.pow(precise_embeddings.transpose(0, 1), 2).sum(axis=0)
    c3 = precise_embeddings @ precise_embeddings.transpose(0, 1)
    pairwise_distances_squared = torch.clamp(c1.reshape((-1, 1)) + c2 - 2.0 * c3, min=0.0)
    error_mask = pairwise_distances_squared <= 0.0
    pairwise_distances = pairwise_distances_squared.clone()
    pairwise_distances[error_mask] = 0.0
    return pairwise_distances * (1.0 - torch.eye(embeddings.shape[0]))


def TripletSemiHardLoss(y_true, y_pred, margin=1.0):
    labels, embeddings = y_true, y_pred
    pdist_matrix = pairwise_distance_torch(embeddings)
    adjacency = labels.unsqueeze(0) == labels.unsqueeze(1)
    adjacency_not = ~adjacency
    batch_size = labels.shape[0]
    pdist_tile = pdist_matrix.repeat(batch_size, 1)
    mask = adjacency_not.repeat(batch_size, 1) & (pdist_tile > pdist_matrix.t().reshape(-1, 1))
    big = pdist_matrix.max() + 1.0
    neg_outside = torch.where(mask, pdist_tile, big).min(1).values.reshape(batch_size, batch_size).t()
    neg_inside = torch.where(adjacency_not, pdist_matrix, torch.zeros_like(pdist_matrix)).max(1, keepdim=True).values
    mask_final = (mask.float().sum(1).reshape(batch_size, batch_size).t() > 0)
    semi_hard_negatives = torch.where(mask_final, neg_outside, neg_inside)
    loss_mat = margin + pdist_matrix - semi_hard_negatives
    mask_positives = adjacency.float() - torch.eye(batch_size)
    num_positives = torch.sum(mask_positives)
    triplet_loss = torch.sum(torch.clamp(loss_mat * mask_positives, min=0.0)) / num_positives.clamp(min=1.0)
    return triplet_loss
