import torch


def qwen2_5_vl_merge_image_features(model, input_ids, pixel_features):
    """The patched part of Qwen2_5_VLForConditionalGeneration.forward: place the image features on the
    <image_pad> positions of the text embeddings."""
    inputs_embeds = model.embed_tokens(input_ids)
    if pixel_features is not None:
        img = model.visual(pixel_features).to(inputs_embeds.dtype)
        B, L, D = inputs_embeds.shape
        flat = inputs_embeds.view(-1, D)
        row_idx = (input_ids.view(-1) == model.config['image_token_id']).nonzero().squeeze(-1)
        flat.index_copy_(0, row_idx, img)
        inputs_embeds = flat.view(B, L, D)
    return inputs_embeds


def replace_qwen2_5_with_mixed_modality_forward(model_cls):
    def forward(self, input_ids, pixel_features=None, labels=None):
        inputs_embeds = qwen2_5_vl_merge_image_features(self, input_ids, pixel_features)
        hidden = self.decoder(inputs_embeds)
        logits = self.lm_head(hidden)
        loss = None
        if labels is not None:
            loss = torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.size(-1)),
                                                     labels[:, 1:].reshape(-1), ignore_index=-100)
        return loss, logits
    model_cls.forward = forward
