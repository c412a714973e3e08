"""Rule files of a project's own (`extend-rule-files`), as the tests of several stages write them."""

# A correct rule of a team's family.
TEAM_RULE = '''
family = "team"

[[rule]]
code = "NAN950"
name = "team-acos"
message = "`{op}` of {why}"
check = "risky-argument"

[rule.params]
ops = ["acos"]
danger = ["nonpositive"]

[rule.docs]
what = "acos of a sum"
why = "a team convention"
instead = "clamp it"

[[rule.bad]]
code = "import torch\\ntorch.acos(x.sum())\\n"
lines = [2]

[[rule.good]]
code = "import torch\\ntorch.acos(x.sum().clamp(-0.99, 0.99))\\n"
'''

# A rule whose fix template reorders the call's arguments: its fix must be refused.
BAD_TEMPLATE_RULE = '''
family = "mine"

[[rule]]
code = "NAN960"
name = "bad-template"
message = "log of softmax of {x}"
check = "pattern"

[rule.params]
pattern = "log(softmax($x, *$rest))"

[rule.fix]
template = "torch.log_softmax(*$rest, $x)"
title = "Reorder badly"
safe = true

[rule.docs]
what = "w"
why = "w"
instead = "w"

[[rule.bad]]
code = "import torch\\ntorch.log(torch.softmax(x, dim=-1))\\n"
lines = [2]

[[rule.good]]
code = "import torch\\ntorch.log_softmax(x, dim=-1)\\n"
'''
