import torch
from data_utils import ModelNetDataLoader
from model import get_model, get_loss

torch.manual_seed(0)
batch_size, epochs = 8, 2
train_dataset = ModelNetDataLoader(num_shapes=25)
trainDataLoader = torch.utils.data.DataLoader(train_dataset, batch_size=batch_size, shuffle=True, drop_last=True)
classifier = get_model(num_class=4)
criterion = get_loss()
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3, weight_decay=1e-4)

for epoch in range(epochs):
    classifier = classifier.train()
    for batch_id, (points, target) in enumerate(trainDataLoader):
        optimizer.zero_grad()
        points = points.transpose(2, 1)
        pred, trans_feat = classifier(points)
        loss = criterion(pred, target.long(), trans_feat)
        loss.backward()
        optimizer.step()
    print(epoch, loss.item())
