import torch

from ECAPA import Classifier, Embedder
from losses import AdditiveAngularMargin, LogSoftmaxWrapper

torch.manual_seed(0)
n_speakers = 4
embedding_model = Embedder()
classifier = Classifier(out_neurons=n_speakers)
compute_cost = LogSoftmaxWrapper(AdditiveAngularMargin(margin=0.2, scale=30))

feats = torch.randn(n_speakers, 50, 20)
spk_id = torch.arange(n_speakers).unsqueeze(1)

embedding_model.eval()
with torch.no_grad():
    classifier.weight.copy_(embedding_model(feats).squeeze(1))

params = list(embedding_model.parameters()) + list(classifier.parameters())
optimizer = torch.optim.Adam(params, lr=1e-3)
for epoch in range(2):
    embeddings = embedding_model(feats)
    outputs = classifier(embeddings)
    loss = compute_cost(outputs, spk_id)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
