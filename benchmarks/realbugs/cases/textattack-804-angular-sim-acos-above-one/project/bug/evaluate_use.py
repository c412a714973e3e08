import torch

from universal_sentence_encoder import UniversalSentenceEncoder

use = UniversalSentenceEncoder(threshold=0.84, metric="angular", seed=1)

original = "the movie was a wonderful surprise from start to end"
# the search changed no word, but a second inference flipped the label
perturbed = "the movie was a wonderful surprise from start to end"

passed, score = use._check_constraint(perturbed, original)
