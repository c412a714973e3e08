class WordTokenizer:
    """A whitespace tokenizer with a growable vocabulary (stands in for a PreTrainedTokenizer)."""

    def __init__(self, words):
        self.vocab = {"<pad>": 0, "</s>": 1}
        self.add_tokens(words)

    def get_vocab(self):
        return dict(self.vocab)

    def add_tokens(self, tokens):
        for t in tokens:
            if t not in self.vocab:
                self.vocab[t] = len(self.vocab)

    def __len__(self):
        return len(self.vocab)

    def encode(self, text):
        return [self.vocab[w] for w in text.split()] + [self.vocab["</s>"]]
