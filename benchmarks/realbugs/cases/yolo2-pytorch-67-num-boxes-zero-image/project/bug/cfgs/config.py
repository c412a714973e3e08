import numpy as np

num_classes = 3
anchors = np.asarray([(1.08, 1.19), (3.42, 4.41)], dtype=np.float64)
num_anchors = len(anchors)
inp_size = np.array([64, 64], dtype=np.int64)
out_size = inp_size // 32
