// The same draws as draws.py and the test's Rust, printed, so the three helpers can be compared byte for byte.
#include <climits>
#include <cstdio>
#include <vector>
#include "choices.hpp"

int main() {
    choices::Choices c;
    std::vector<long long> items{1, 2, 3, 4, 5, 6};
    std::vector<long long> out{c.integer(1, 100000), c.integer(-5, 5), c.integer(7, 7), c.integer(0, LLONG_MAX),
                               c.choice(std::vector<long long>{10, 20, 30})};
    c.shuffle(items);
    out.insert(out.end(), items.begin(), items.end());
    out.push_back(c.boolean());
    out.push_back(c.integer(LLONG_MIN, LLONG_MAX));
    for (size_t i = 0; i < out.size(); ++i) std::printf("%lld%c", out[i], i + 1 < out.size() ? ' ' : '\n');
}
