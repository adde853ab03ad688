from seep_scorer.cli import main

raise SystemExit(main())
