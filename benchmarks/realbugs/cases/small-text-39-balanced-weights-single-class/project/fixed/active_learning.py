import numpy as np
import torch

from small_text.classifier import KimCNNClassifier

torch.manual_seed(0)
rng = np.random.default_rng(0)

num_classes = 4
pool_x = torch.randint(0, 100, (200, 12))
pool_y = torch.from_numpy((rng.random((200, num_classes)) < 0.3).astype(np.int64))

# initial labeled set drawn for the first active-learning round: every sample carries only label 2
only_label_2 = (pool_y[:, 2] == 1) & (pool_y.sum(dim=1) == 1)
indices_labeled = np.where(only_label_2.numpy())[0][:10]

clf = KimCNNClassifier(num_classes, class_weight='balanced', multi_label=True)
clf.fit(pool_x[indices_labeled], pool_y[indices_labeled])
loss = clf.last_loss_
class_weights = clf.class_weights_
