"""Placeholder command line (runtime branch only): dispatches `verify`; replaced by the real CLI on merge."""

from __future__ import annotations

import argparse

from nanlint import verify


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="nanlint")
    commands = parser.add_subparsers(dest="command", required=True)
    verify.add_arguments(commands.add_parser("verify", help="run the code and confirm findings"))
    args = parser.parse_args(argv)
    return verify.run(args)
