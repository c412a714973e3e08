import torch


class MinLengthLogitsProcessor:
    def __init__(self, min_length, eos_token_id):
        self.min_length = min_length
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids, scores):
        if input_ids.shape[-1] < self.min_length:
            scores[:, self.eos_token_id] = -float("inf")
        return scores


class NoBadWordsLogitsProcessor:
    def __init__(self, bad_words_ids):
        self.bad_words_ids = bad_words_ids

    def __call__(self, input_ids, scores):
        for token_id in self.bad_words_ids:
            scores[:, token_id] = -float("inf")
        return scores


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores
