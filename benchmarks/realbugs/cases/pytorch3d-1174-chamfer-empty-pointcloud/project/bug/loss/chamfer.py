from typing import Union

import torch


def knn_points_k1(x, y, x_lengths, y_lengths):
    """Squared distance from every point of x to its nearest valid point of y (padding ignored)."""
    d = torch.cdist(x, y) ** 2  # (N, P1, P2)
    P2 = y.shape[1]
    y_pad = torch.arange(P2)[None, None, :] >= y_lengths[:, None, None]
    d = d.masked_fill(y_pad, float("inf"))
    dists, idx = d.min(dim=2)
    dists = torch.where(torch.isinf(dists), torch.zeros_like(dists), dists)
    return dists, idx


def chamfer_distance(
    x,
    y,
    x_lengths=None,
    y_lengths=None,
    weights=None,
    batch_reduction: Union[str, None] = "mean",
    point_reduction: str = "mean",
):
    """
    Chamfer distance between two pointclouds x and y.

    Args:
        x: FloatTensor of shape (N, P1, D) representing a batch of point clouds
            with at most P1 points in each batch element.
        y: FloatTensor of shape (N, P2, D).
        x_lengths: Optional LongTensor of shape (N,) giving the number of points in each
            cloud in x.
        y_lengths: Optional LongTensor of shape (N,) giving the number of points in each
            cloud in y.
    """
    N, P1, D = x.shape
    P2 = y.shape[1]
    if x_lengths is None:
        x_lengths = torch.full((N,), P1, dtype=torch.int64)
    if y_lengths is None:
        y_lengths = torch.full((N,), P2, dtype=torch.int64)

    x_mask = torch.arange(P1)[None] >= x_lengths[:, None]  # shape [N, P1]
    y_mask = torch.arange(P2)[None] >= y_lengths[:, None]  # shape [N, P2]

    cham_x, _ = knn_points_k1(x, y, x_lengths, y_lengths)
    cham_y, _ = knn_points_k1(y, x, y_lengths, x_lengths)

    is_x_heterogeneous = (x_lengths != P1).any()
    is_y_heterogeneous = (y_lengths != P2).any()
    if is_x_heterogeneous:
        cham_x[x_mask] = 0.0
    if is_y_heterogeneous:
        cham_y[y_mask] = 0.0

    if weights is not None:
        cham_x *= weights.view(N, 1)
        cham_y *= weights.view(N, 1)

    # Apply point reduction
    cham_x = cham_x.sum(1)  # (N,)
    cham_y = cham_y.sum(1)  # (N,)
    if point_reduction == "mean":
        cham_x /= x_lengths
        cham_y /= y_lengths

    if batch_reduction is not None:
        # batch_reduction == "sum"
        cham_x = cham_x.sum()
        cham_y = cham_y.sum()
        if batch_reduction == "mean":
            div = weights.sum() if weights is not None else N
            cham_x /= div
            cham_y /= div

    cham_dist = cham_x + cham_y
    return cham_dist, None
