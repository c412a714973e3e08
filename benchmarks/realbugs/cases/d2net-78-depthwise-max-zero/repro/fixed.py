# Fix from the thread (adopted upstream): an epsilon in the depth-wise max division
# (and in the score normalisation).
import torch
import torch.nn as nn
import torch.nn.functional as F


class DenseFeatureExtractionModule(nn.Module):
    def __init__(self, finetune_feature_extraction=False):
        super(DenseFeatureExtractionModule, self).__init__()

        self.model = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(16, 8, 3, padding=1),
        )

        self.num_channels = 8

        for param in self.model.parameters():
            param.requires_grad = False
        if finetune_feature_extraction:
            for param in list(self.model.parameters())[-2:]:
                param.requires_grad = True

    def forward(self, batch):
        output = self.model(batch)
        return output


class SoftDetectionModule(nn.Module):
    def __init__(self, soft_local_max_size=3):
        super(SoftDetectionModule, self).__init__()

        self.soft_local_max_size = soft_local_max_size

        self.pad = self.soft_local_max_size // 2

        self.eps = 1e-6

    def forward(self, batch):
        b = batch.size(0)

        batch = F.relu(batch)

        max_per_sample = torch.max(batch.view(b, -1), dim=1)[0]
        exp = torch.exp(batch / max_per_sample.view(b, 1, 1, 1))
        sum_exp = (
            self.soft_local_max_size ** 2 *
            F.avg_pool2d(F.pad(exp, [self.pad] * 4, mode='constant', value=1.), self.soft_local_max_size, stride=1)
        )
        local_max_score = exp / sum_exp

        depth_wise_max = torch.max(batch, dim=1)[0]
        depth_wise_max_score = batch / (depth_wise_max.unsqueeze(1) + self.eps)

        all_scores = local_max_score * depth_wise_max_score
        score = torch.max(all_scores, dim=1)[0]

        score = score / (torch.sum(score.view(b, -1), dim=1).view(b, 1, 1) + self.eps)

        return score


class D2Net(nn.Module):
    def __init__(self):
        super(D2Net, self).__init__()

        self.dense_feature_extraction = DenseFeatureExtractionModule(
            finetune_feature_extraction=True
        )

        self.detection = SoftDetectionModule()

    def forward(self, batch):
        b = batch['image1'].size(0)

        dense_features = self.dense_feature_extraction(torch.cat([batch['image1'], batch['image2']], dim=0))

        scores = self.detection(dense_features)

        dense_features1 = dense_features[: b, :, :, :]
        dense_features2 = dense_features[b :, :, :, :]

        scores1 = scores[: b, :, :]
        scores2 = scores[b :, :, :]

        return {
            'dense_features1': dense_features1,
            'scores1': scores1,
            'dense_features2': dense_features2,
            'scores2': scores2
        }


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


torch.manual_seed(2)

model = D2Net()
optimizer = torch.optim.Adam(
    filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3
)

image1 = torch.randn(2, 3, 12, 12)
image2 = image1 + 0.05 * torch.randn(2, 3, 12, 12)
batch = {'image1': image1, 'image2': image2}

optimizer.zero_grad()
loss = loss_function(model, batch)
loss.backward()
optimizer.step()
print('loss', loss.item())
