class Config(object):
    num_classes = 10
    metric = "arc_margin"
    easy_margin = False
    feature_dim = 512
    lr = 1e-1
