import torch
import torch.nn.functional as F

from vit import VisionTransformerDiffPruning

torch.manual_seed(0)
model = VisionTransformerDiffPruning()
# the first pruning stage has learned to score every token of some images as "drop"
with torch.no_grad():
    model.score_predictor[0].out_conv[4].bias.copy_(torch.tensor([-30.0, 30.0]))
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
patches = torch.randn(4, 16, 48)
labels = torch.randint(0, 10, (4,))
keep_ratio = [0.7, 0.49]

for step in range(2):
    logits, out_pred_prob = model(patches)
    loss = F.cross_entropy(logits, labels)
    for i, score in enumerate(out_pred_prob):
        loss = loss + 2.0 * ((score.mean(1) - keep_ratio[i]) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
