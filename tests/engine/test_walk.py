"""The engine's walk skips only tokens, whitespace and the names that are no variable uses."""

import libcst

from nanlint.analysis.syntax import NAME_FIELDS, walk

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



class _Everything(libcst.CSTVisitor):
    """libcst's own visitor: every node of the tree, tokens and whitespace included."""

    def __init__(self):
        super().__init__()
        self.nodes = []

    def on_visit(self, node):
        self.nodes.append(node)
        return True


def _names_that_are_no_uses(tree):
    """The nodes under `Attribute.attr`, a keyword's name, a def's name, an import's names..."""
    skipped = set()
    for node in _every_node(tree):
        for field in NAME_FIELDS.get(type(node), ()):
            value = getattr(node, field)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, libcst.CSTNode):
                    skipped.update(map(id, _every_node(item)))
    return skipped


def _every_node(tree):
    visitor = _Everything()
    tree.visit(visitor)
    return visitor.nodes


CODE_NODES = (libcst.BaseExpression, libcst.BaseStatement, libcst.BaseSmallStatement, libcst.BaseSuite)


def test_the_walk_visits_every_node_of_code_and_no_token():
    tree = libcst.parse_module(SYNTAX + MATCH)
    skipped = _names_that_are_no_uses(tree)
    expected = {id(n) for n in _every_node(tree) if isinstance(n, CODE_NODES) and id(n) not in skipped}
    seen = list(walk(tree))
    assert expected <= set(map(id, seen))
    assert not [n for n in seen if isinstance(n, (libcst.BaseParenthesizableWhitespace, libcst.Comma, libcst.BaseBinaryOp, libcst.Comment))]
    assert not {id(n) for n in seen} & skipped
    assert len({type(node) for node in seen}) > 50
