from api import text_to_semantic

# deterministic output requested
semantic_tokens = text_to_semantic("hello world", temp=0.0)
print(semantic_tokens)
