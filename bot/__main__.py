"""`python -m bot` == `studybuddy`."""
import sys

from bot.cli import main

sys.exit(main())
