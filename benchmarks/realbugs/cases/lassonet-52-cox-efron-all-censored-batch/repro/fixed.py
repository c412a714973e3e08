"""CoxPHLoss (efron ties) on a batch where every sample is censored.

Source: https://github.com/lasso-net/lassonet/issues/52
Fix (standard, as the reporter did by skipping such batches): return a zero loss when the batch has no event.
"""
import torch



def log_substract(x, y):
    """log(exp(x) - exp(y))"""
    return x + torch.log1p(-(y - x).exp())


def scatter_reduce(input, dim, index, reduce, *, output_size=None):
    src = input
    if output_size is None:
        output_size = index.max() + 1
    return torch.empty(output_size, device=input.device).scatter_reduce(
        dim=dim, index=index, src=src, reduce=reduce, include_self=False
    )


def scatter_logsumexp(input, index, *, dim=-1, output_size=None):
    """Inspired by torch_scatter.logsumexp
    Uses torch.scatter_reduce for performance
    """
    max_value_per_index = scatter_reduce(
        input, dim=dim, index=index, output_size=output_size, reduce="amax"
    )
    max_per_src_element = max_value_per_index.gather(dim, index)
    recentered_scores = input - max_per_src_element
    sum_per_index = scatter_reduce(
        recentered_scores.exp(),
        dim=dim,
        index=index,
        output_size=output_size,
        reduce="sum",
    )
    return max_value_per_index + sum_per_index.log()


class CoxPHLoss(torch.nn.Module):
    """Loss for CoxPH model. """

    allowed = ("breslow", "efron")

    def __init__(self, method):
        super().__init__()
        assert method in self.allowed, f"Method must be one of {self.allowed}"
        self.method = method

    def forward(self, log_h, y):
        log_h = log_h.flatten()

        durations, events = y.T

        # sort input
        durations, idx = durations.sort(descending=True)
        log_h = log_h[idx]
        events = events[idx]

        event_ind = events.nonzero().flatten()
        if event_ind.numel() == 0:
            # no observed event in this batch: the partial likelihood is empty
            return log_h.sum() * 0.0

        # numerator
        log_num = log_h[event_ind].mean()

        # logcumsumexp of events
        event_lcse = torch.logcumsumexp(log_h, dim=0)[event_ind]

        # number of events for each unique risk set
        _, tie_inverses, tie_count = torch.unique_consecutive(
            durations[event_ind], return_counts=True, return_inverse=True
        )

        # position of last event (lowest duration) of each unique risk set
        tie_pos = tie_count.cumsum(axis=0) - 1

        # logcumsumexp by tie for each event
        event_tie_lcse = event_lcse[tie_pos][tie_inverses]

        if self.method == "breslow":
            log_den = event_tie_lcse.mean()

        elif self.method == "efron":
            # logsumexp of ties, duplicated within tie set
            tie_lse = scatter_logsumexp(log_h[event_ind], tie_inverses, dim=0)[
                tie_inverses
            ]
            # multiply (add in log space) with corrective factor
            aux = torch.ones_like(tie_inverses)
            aux[tie_pos[:-1] + 1] -= tie_count[:-1]
            event_id_in_tie = torch.cumsum(aux, dim=0) - 1
            discounted_tie_lse = (
                tie_lse
                + torch.log(event_id_in_tie)
                - torch.log(tie_count[tie_inverses])
            )

            # denominator
            log_den = log_substract(event_tie_lcse, discounted_tie_lse).mean()

        # loss is negative log likelihood
        return log_den - log_num

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
criterion = CoxPHLoss(method="efron")
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a mini-batch of right-censored survival data in which no event was observed
X = torch.randn(16, 8)
durations = torch.rand(16) * 10
events = torch.zeros(16)
y = torch.stack([durations, events], dim=1)

optimizer.zero_grad()
log_h = model(X)
loss = criterion(log_h, y)
loss.backward()
optimizer.step()
