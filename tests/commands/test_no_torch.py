"""The static check never needs torch: it runs where `import torch` fails, and does not import it
where torch is installed (the pre-commit hook installs nanlint without torch)."""

import subprocess
import sys

from cli_support import RISKY, nanlint_env, run_nanlint, write

# A sitecustomize that makes `import torch` (and any torch.* module) fail, as if it were not installed.
BLOCK_TORCH = '''
import sys

class BlockTorch:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ModuleNotFoundError("No module named 'torch' (blocked by the test)", name=name)
        return None

sys.meta_path.insert(0, BlockTorch())
'''


def test_check_runs_where_torch_cannot_be_imported(tmp_path):
    shim = tmp_path / "shim"
    write(shim, "sitecustomize.py", BLOCK_TORCH)
    write(tmp_path, "risky.py", RISKY)
    blocked = {"PYTHONPATH": f"{shim}:{nanlint_env()['PYTHONPATH']}"}

    proof = subprocess.run([sys.executable, "-c", "import torch"], env=nanlint_env(blocked), capture_output=True, text=True)
    assert proof.returncode != 0 and "blocked by the test" in proof.stderr

    result = run_nanlint("check", "risky.py", "--output-format", "concise", "--select", "NAN101,NAN102", cwd=tmp_path, env=blocked)
    assert result.returncode == 1, result.stderr
    assert [line.split(": ")[1].split()[0] for line in result.stdout.splitlines()[:2]] == ["NAN102", "NAN101"]
    for command in (("rules",), ("rule", "NAN101"), ("check", "risky.py", "--fix", "--select", "NAN102")):
        outcome = run_nanlint(*command, cwd=tmp_path, env=blocked)
        assert outcome.returncode == 0, (command, outcome.stderr)


def test_check_does_not_import_torch_even_when_it_is_installed(tmp_path):
    write(tmp_path, "risky.py", RISKY)
    probe = (
        "import runpy, sys\n"
        "sys.argv = ['nanlint', 'check', 'risky.py', '--jobs', '1']\n"
        "try:\n"
        "    runpy.run_module('nanlint', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    code = done.code\n"
        "print('torch imported' if 'torch' in sys.modules else 'torch not imported', code)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=nanlint_env(), capture_output=True, text=True)
    assert result.stdout.splitlines()[-1] == "torch not imported 1", result.stderr
