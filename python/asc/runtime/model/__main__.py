"""`python3 -m asc.runtime.model --prebuild`: build the Model's runtime object and
precompiled header once, at install (`./dev setup` runs it); see build.prebuild."""

import sys

from .build import main

sys.exit(main())
