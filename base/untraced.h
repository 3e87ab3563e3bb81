// BOYI_UNTRACED: leaves a hot, branch-free function out of the fuzzing build's coverage
// instrumentation. There the sanitizers' own checks (shadow bytes, pointer overflow) in such a
// function are traced as comparisons, which guide the fuzzer nowhere and cost most of a game
// target's speed. Only clang knows the attribute; elsewhere it is nothing.
#pragma once

#if defined(__clang__)
#define BOYI_UNTRACED __attribute__((no_sanitize("coverage")))
#else
#define BOYI_UNTRACED
#endif
