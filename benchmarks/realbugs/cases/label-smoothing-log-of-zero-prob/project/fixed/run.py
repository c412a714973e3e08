from examples import penalization_visualization

losses = penalization_visualization()
print(losses[:5], losses.isnan().any().item())
