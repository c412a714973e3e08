from ot.backend import TorchBackend

nx = TorchBackend()


def bures_wasserstein_mapping(ms, mt, Cs, Ct):
    Cs12 = nx.sqrtm(Cs)
    M0 = nx.sqrtm(Cs12 @ Ct @ Cs12)
    return Cs12, M0


def bures_distance(Cs, Ct):
    Cs12 = nx.sqrtm(Cs)
    return nx.trace(Cs + Ct - 2 * nx.sqrtm(Cs12 @ Ct @ Cs12))
