// Vector-op families (owned by the vector engineers). Follow the pattern in
// docs/model-internals.md; Add level 2 lives in api/add.h as the example.
#pragma once
