from pytorch_grad_cam.score_cam import ScoreCAM
