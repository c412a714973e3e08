import torch

AA_STR_SORTED = "ACDEFGHIKLMNPQRSTVWY"
AMBIGUOUS_AA_IDX = 20  # 'X', from a codon with an N in it


def aa_idx_tensor_of_str(aa_str):
    return torch.tensor([AA_STR_SORTED.index(a) if a in AA_STR_SORTED else AMBIGUOUS_AA_IDX for a in aa_str])


class DASMDataset:
    def __init__(self, aa_parents, aa_children, neutral_aa_probs):
        self.aa_parents_idxs = torch.stack([aa_idx_tensor_of_str(p) for p in aa_parents])
        self.aa_children_idxs = torch.stack([aa_idx_tensor_of_str(c) for c in aa_children])
        self.aa_subs_indicator_tensor = (self.aa_parents_idxs != self.aa_children_idxs).float()
        # ambiguous parent or child amino acids are masked out
        self.mask = (self.aa_parents_idxs != AMBIGUOUS_AA_IDX) & (self.aa_children_idxs != AMBIGUOUS_AA_IDX)
        # Here we zero out masked positions.
        neutral_aa_probs = neutral_aa_probs * self.mask[:, :, None]
        # Note that our masked out positions will have a -inf log probability,
        # which will require us to handle them correctly downstream.
        self.log_neutral_aa_probs = torch.log(neutral_aa_probs)

    def batch(self):
        return {
            "aa_parents_idxs": self.aa_parents_idxs,
            "aa_children_idxs": self.aa_children_idxs,
            "subs_indicator": self.aa_subs_indicator_tensor,
            "mask": self.mask,
            "log_neutral_aa_probs": self.log_neutral_aa_probs,
        }
