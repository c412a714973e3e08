"""The site resolver keeps sites by code and instruction, and tells frames apart by the code's id."""

import copy

from nanlint.runtime.sites import SiteResolver


def test_a_site_follows_its_frame_from_line_to_line():
    resolver = SiteResolver()
    first = resolver.current(0)
    second = resolver.current(0)
    assert (first.function, second.line) == ("test_a_site_follows_its_frame_from_line_to_line", first.line + 1)
    again = [resolver.current(0) for _ in range(2)]
    assert again[0] is again[1]  # one instruction, one site


def test_the_column_is_the_instructions_own():
    resolver = SiteResolver(columns=True)
    left, right = resolver.current(0), resolver.current(0)
    assert left.line == right.line and left.column < right.column


class _FrameWhereCopied:
    """Notes, when deep-copied, the frame the resolver finds from `copy.deepcopy`'s frame up."""

    def __init__(self, resolver, found):
        self.resolver, self.found = resolver, found

    def __deepcopy__(self, memo):
        self.found.append(self.resolver.frame(1))
        return self


def test_the_outermost_frame_ends_the_walk_once_set_though_its_code_was_met_before():
    resolver, found = SiteResolver(), []
    copy.deepcopy(_FrameWhereCopied(resolver, found))  # the walk goes past copy.deepcopy, library code
    resolver.outermost = copy.deepcopy.__code__  # as a forked DataLoader worker's loop is
    copy.deepcopy(_FrameWhereCopied(resolver, found))
    assert found[0].f_code.co_name == "test_the_outermost_frame_ends_the_walk_once_set_though_its_code_was_met_before"
    assert found[1].f_code is copy.deepcopy.__code__  # nothing above it: the innermost frame
