"""`nanlint verify --search`: look for inputs that make a flagged line produce NaN/Inf when the run did not.

- plan: what the parent tells the child (the flagged lines, the budgets, the reproducer folder);
- recorder: copies the arguments of calls to functions holding flagged lines while the command runs;
- targets: which function to call for a code object, and whether it can be run in isolation;
- calls, mutations: recorded arguments and the meaningful changes made to them;
- guard: blocks file writes, network and subprocesses while a candidate runs;
- trial, engine: one monitored run of a candidate; the margin-guided search over candidates;
- reproducer: the saved inputs and script, and their re-run in a fresh process;
- session: the child's side (record during the run, search when it ends);
- suite: the same for `pytest --nanlint-search`, in pytest's process;
- report: the parent's side (one sentence per finding). Only `plan` and `report` avoid torch.
"""
