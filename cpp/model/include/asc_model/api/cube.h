// Cube-op families: LoadData, Mmad, Fixpipe, ... (owned by the cube engineers).
// Follow the pattern in docs/model-internals.md.
#pragma once
