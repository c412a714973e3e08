from nanlint.cli import main

if __name__ == "__main__":  # worker processes started by spawn/forkserver import this module again
    raise SystemExit(main())
