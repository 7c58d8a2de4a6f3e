// Wrong on purpose: the sum of up to 10^5 numbers of up to 10^9 does not fit in an int.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int sum = 0;
    for (int i = 0; i < n; ++i) {
        long long x;
        if (std::scanf("%lld", &x) != 1) return 1;
        sum += x;
    }
    std::printf("%d\n", sum);
}
