import sys

from tcg_env.cli import main

sys.exit(main())
