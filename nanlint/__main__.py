from nanlint.cli import main

raise SystemExit(main())
