import torch
import torch.nn.functional as F


def loss_function(model, batch, margin=1, safe_radius=1):
    output = model({
        'image1': batch['image1'],
        'image2': batch['image2']
    })

    loss = torch.tensor(0.)
    n_valid_samples = 0
    for idx_in_batch in range(batch['image1'].size(0)):
        dense_features1 = output['dense_features1'][idx_in_batch]
        c, h1, w1 = dense_features1.size()
        scores1 = output['scores1'][idx_in_batch].view(-1)

        dense_features2 = output['dense_features2'][idx_in_batch]
        scores2 = output['scores2'][idx_in_batch].view(-1)

        descriptors1 = F.normalize(dense_features1.view(c, -1), dim=0)
        descriptors2 = F.normalize(dense_features2.view(c, -1), dim=0)

        positive_distance = 2 - 2 * (descriptors1 * descriptors2).sum(dim=0)

        ii, jj = torch.meshgrid(torch.arange(h1), torch.arange(w1), indexing='ij')
        pos = torch.stack([ii.reshape(-1), jj.reshape(-1)], dim=0).float()
        position_distance = torch.max(torch.abs(pos.unsqueeze(2) - pos.unsqueeze(1)), dim=0)[0]
        is_out_of_safe_radius = position_distance > safe_radius
        distance_matrix = 2 - 2 * (descriptors1.t() @ descriptors2)
        negative_distance = torch.min(
            distance_matrix + (1 - is_out_of_safe_radius.float()) * 10.,
            dim=1
        )[0]

        diff = positive_distance - negative_distance

        loss = loss + (
            torch.sum(scores1 * scores2 * F.relu(margin + diff)) /
            torch.sum(scores1 * scores2)
        )
        n_valid_samples += 1

    loss = loss / n_valid_samples
    return loss
