// The sum problem's generator in C++: n, then n numbers up to 10^9.
#include <cstdio>
#include "choices.hpp"

int main() {
    choices::Choices rnd;
    long long n = rnd.integer(1, 100000);
    std::printf("%lld\n", n);
    for (long long i = 0; i < n; ++i) std::printf("%lld%c", rnd.integer(0, 1000000000), i + 1 < n ? ' ' : '\n');
}
