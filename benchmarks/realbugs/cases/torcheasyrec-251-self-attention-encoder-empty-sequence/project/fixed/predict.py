import torch

from tzrec.models.dssm import UserTower

torch.manual_seed(0)

model = UserTower()
model.eval()

# padded click sequences; the second user is a cold-start user with no clicks yet
click_seq = torch.tensor([[5, 17, 42, 3, 0, 0], [0, 0, 0, 0, 0, 0], [8, 9, 0, 0, 0, 0]])
lengths = torch.tensor([4, 0, 2])

with torch.no_grad():
    user_emb = model({"click_seq": click_seq, "click_seq.length": lengths})
scores = user_emb @ torch.randn(8, 20)
