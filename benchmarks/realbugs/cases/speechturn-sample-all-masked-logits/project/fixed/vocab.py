def restrict_to(model, allowed_ids):
    model.allowed.zero_()
    model.allowed[allowed_ids] = True
