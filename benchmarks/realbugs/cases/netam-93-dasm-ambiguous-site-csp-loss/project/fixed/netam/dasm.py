"""Here we define a mutation-selection model that is per-amino-acid."""

import torch

from netam.common import BIG, clamp_log_probability, clamp_probability


def zap_predictions_along_diagonal(predictions, aa_parents_idxs):
    """Zero out the diagonal of a batch of predictions."""
    batch_size, L, _ = predictions.shape
    batch_indices = torch.arange(batch_size, device=predictions.device)
    predictions[
        batch_indices[:, None],
        torch.arange(L, device=predictions.device),
        aa_parents_idxs,
    ] = -BIG
    return predictions


class DASMBurrito:
    def __init__(self, model):
        self.model = model
        self.device = "cpu"
        self.bce_loss = torch.nn.BCELoss()
        self.cce_loss = torch.nn.CrossEntropyLoss()

    def prediction_pair_of_batch(self, batch):
        aa_parents_idxs = batch["aa_parents_idxs"].to(self.device)
        mask = batch["mask"].to(self.device)
        log_neutral_aa_probs = batch["log_neutral_aa_probs"].to(self.device)
        if not torch.isfinite(log_neutral_aa_probs[mask]).all():
            raise ValueError(f"log_neutral_aa_probs has non-finite values at relevant positions")
        log_selection_factors = self.model(aa_parents_idxs, mask)
        return log_neutral_aa_probs, log_selection_factors

    def predictions_of_pair(self, log_neutral_aa_probs, log_selection_factors):
        predictions = log_neutral_aa_probs + log_selection_factors
        assert torch.isnan(predictions).sum() == 0
        predictions = clamp_log_probability(predictions)
        return predictions

    def predictions_of_batch(self, batch):
        log_neutral_aa_probs, log_selection_factors = self.prediction_pair_of_batch(batch)
        return self.predictions_of_pair(log_neutral_aa_probs, log_selection_factors)

    def loss_of_batch(self, batch):
        aa_subs_indicator = batch["subs_indicator"].to(self.device)
        mask = batch["mask"].to(self.device)
        aa_parents_idxs = batch["aa_parents_idxs"].to(self.device)
        aa_children_idxs = batch["aa_children_idxs"].to(self.device)
        masked_aa_subs_indicator = aa_subs_indicator.masked_select(mask)
        predictions = self.predictions_of_batch(batch)
        # Add one entry, zero, to the last dimension of the predictions tensor
        # to handle the ambiguous amino acids.
        predictions = torch.cat([predictions, torch.zeros_like(predictions[:, :, :1])], dim=-1)

        predictions = zap_predictions_along_diagonal(predictions, aa_parents_idxs)

        predictions_of_mut = torch.sum(torch.exp(predictions), dim=-1)
        predictions_of_mut = predictions_of_mut.masked_select(mask)
        predictions_of_mut = clamp_probability(predictions_of_mut)
        mut_pos_loss = self.bce_loss(predictions_of_mut, masked_aa_subs_indicator)

        # conditional substitution probability (CSP) loss: cross entropy over the sites
        # that are substituted, i.e. the sites for which aa_subs_indicator is 1.
        subs_mask = (aa_subs_indicator == 1) & mask  # netam#93
        csp_predictions = predictions[subs_mask]
        csp_targets = aa_children_idxs[subs_mask]
        csp_loss = self.cce_loss(csp_predictions, csp_targets)

        return mut_pos_loss + csp_loss
