"""The engine's walk skips only the fields that never hold a node a check could look at."""

import ast
import sys

from nanlint.engine import OPERATOR_NODES, walked_fields

SYNTAX = '''
import torch as T, torch.nn.functional as F
from torch import log as L
@dec(1)
class A(B, metaclass=M):
    x: int = 1
    async def f(self, a, /, b=2, *c, d, e=3, **g) -> "T":
        global q
        async with T.no_grad() as (h, i):
            async for j in k: yield j
        return [m async for m in n if m] or {o: p for o, p in r} or {s for s in t} or (u for u in v)
def w(x):
    nonlocal_ = lambda y=1: y ** 2 // 3 @ x
    try:
        z = x[1:2, ::3]; z += 1; del z
    except (E, F) as err:
        raise ValueError(f"{x!r:>{10}}") from err
    else:
        assert x, "msg"
    finally:
        pass
    while (n := -x) < 0 < 1 and not x or x is None: break
    return T.log(F.softmax(x, -1)) if x else L(*x, **x)
'''
MATCH = '''
match x:
    case [1, *rest] | {"k": _, **kw} if rest: pass
    case Point(x=0, y=_) as pt: pass
    case str() | None: pass
'''


def test_the_walk_visits_every_node_but_operators_and_contexts():
    tree = ast.parse(SYNTAX + (MATCH if sys.version_info >= (3, 10) else ""))
    expected = [node for node in ast.walk(tree) if not isinstance(node, OPERATOR_NODES)]
    seen, stack = [], [tree]
    while stack:
        node = stack.pop()
        seen.append(node)
        for name in walked_fields(type(node)):
            value = getattr(node, name, None)
            stack.extend(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, ast.AST))
    assert sorted(map(id, seen)) == sorted(map(id, expected))
    assert len({type(node) for node in expected}) > 50
