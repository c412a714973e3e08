# GRIST ID-12: skorch NeuralNetClassifier.get_loss (issue #481), torch.log(y_pred) of softmax output gives -inf/NaN
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)

mnist_dim = 784
hidden_dim = int(mnist_dim / 8)
output_dim = 10


class ClassifierModule(nn.Module):
    def __init__(
            self,
            input_dim=mnist_dim,
            hidden_dim=hidden_dim,
            output_dim=output_dim,
            dropout=0.5,
    ):
        super(ClassifierModule, self).__init__()
        self.dropout = nn.Dropout(dropout)

        self.hidden = nn.Linear(input_dim, hidden_dim)
        self.output = nn.Linear(hidden_dim, output_dim)

    def forward(self, X, **kwargs):
        X = F.relu(self.hidden(X))
        X = self.dropout(X)
        X = F.softmax(self.output(X), dim=-1)
        return X


criterion_ = torch.nn.NLLLoss()


def get_loss(y_pred, y_true):
    # NeuralNetClassifier.get_loss: the module returns probabilities, NLLLoss wants log-probabilities
    if isinstance(criterion_, torch.nn.NLLLoss):
        eps = torch.finfo(y_pred.dtype).eps
        y_pred = torch.log(y_pred + eps)
    return criterion_(y_pred, y_true)


module_ = ClassifierModule()
# trigger (as in the issue): switching the optimizer to Adam with a large learning rate
optimizer_ = torch.optim.Adam(module_.parameters(), lr=0.1)
X = torch.rand(128, mnist_dim)
y = torch.randint(0, output_dim, (128,))

for epoch in range(30):
    module_.train()
    optimizer_.zero_grad()
    y_pred = module_(X)
    loss = get_loss(y_pred, y)
    loss.backward()
    optimizer_.step()
