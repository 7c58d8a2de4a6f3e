// Random choices for a `gamecheck stress --generator` generator, drawn from the bytes on standard input (C++17).
//
// gamecheck feeds each case's generator a sequence of choice bytes and, when the program under test fails, shrinks
// that sequence (shorter, smaller) and runs the generator again: the case shrinks while staying one this generator
// could make. For that the generator must take every random decision from here, never from rand(), mt19937 or the
// clock.
//
// End of the stream: missing bytes read as zero. So zeros give the simplest case: integer(lo, hi) gives lo, choice
// the first item, shuffle leaves the order as it is, and shorter or smaller byte sequences give smaller values. Run a
// generator by hand with `./gen < /dev/null` to see its simplest case.
//
// How a draw reads the stream (the same in choices.py and choices.rs, so the three agree byte for byte):
// integer(lo, hi) reads the fewest bytes k that hold hi - lo (none when lo == hi) as a big-endian v (a
// draw cut short by the end reads the bytes left, as if the missing ones were leading zeros) and returns
// lo + v mod (hi - lo + 1); choice(items) is items[integer(0, size - 1)]; shuffle(items) swaps item i with item
// integer(i, size - 1) for i from the first to the second-to-last.
//
// Draw boundaries: when the environment variable GAMECHECK_CHOICE_MARKS names a file (gamecheck sets it while
// shrinking), the stream's reader writes there the offset where each draw that reads bytes starts, one decimal number
// a line, then (when the Choices is destroyed) the offset where the last one ended. gamecheck deletes whole draws and
// runs of them with it. Without the variable nothing is written: a generator runs by hand as it always did.
//
//     #include "choices.hpp"
//     choices::Choices rnd;                      // reads all of standard input
//     int n = rnd.integer(1, 100000);
//     long long x = rnd.integer(-1000000000LL, 1000000000LL);
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>
#include <vector>

namespace choices {

class Choices {
  public:
    // Reads the whole of standard input.
    Choices() {
        unsigned char buffer[1 << 16];
        size_t got;
        while ((got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) data_.insert(data_.end(), buffer, buffer + got);
        // Through stdio, so that a generator ending with exit() still has its marks flushed.
        const char* path = std::getenv("GAMECHECK_CHOICE_MARKS");
        if (path != nullptr && *path != '\0') marks_ = std::fopen(path, "w");
    }
    explicit Choices(std::vector<unsigned char> data) : data_(std::move(data)) {}
    Choices(const Choices&) = delete;
    Choices& operator=(const Choices&) = delete;
    ~Choices() {
        if (marks_ != nullptr) {
            std::fprintf(marks_, "%zu\n", at_);
            std::fclose(marks_);
        }
    }

    // An integer in [lo, hi], both included; lo when the stream has run out.
    long long integer(long long lo, long long hi) {
        if (lo > hi) throw std::invalid_argument("choices::integer: the range is empty");
        uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
        if (span == 0) return lo;
        int k = 0;
        for (uint64_t s = span; s > 0; s >>= 8) ++k;
        uint64_t v = read(k);
        uint64_t offset = span == UINT64_MAX ? v : v % (span + 1);
        return static_cast<long long>(static_cast<uint64_t>(lo) + offset);
    }

    // One item of a non-empty vector; the first when the stream has run out.
    template <class T> const T& choice(const std::vector<T>& items) {
        if (items.empty()) throw std::invalid_argument("choices::choice of an empty vector");
        return items[integer(0, static_cast<long long>(items.size()) - 1)];
    }

    // Shuffles in place; leaves the order as it is when the stream has run out.
    template <class T> void shuffle(std::vector<T>& items) {
        for (size_t i = 0; i + 1 < items.size(); ++i) {
            size_t j = integer(static_cast<long long>(i), static_cast<long long>(items.size()) - 1);
            std::swap(items[i], items[j]);
        }
    }

    // true or false; false when the stream has run out.
    bool boolean() { return integer(0, 1) == 1; }

  private:
    std::vector<unsigned char> data_;
    size_t at_ = 0;
    std::FILE* marks_ = nullptr;

    // k bytes big-endian, so that lowering the first bytes lowers the value most; a draw cut short by the end reads
    // what is left, missing bytes as leading zeros, so that a shorter stream gives a smaller value.
    uint64_t read(int k) {
        if (marks_ != nullptr) std::fprintf(marks_, "%zu\n", at_);
        uint64_t v = 0;
        for (int i = 0; i < k; ++i, ++at_)
            if (at_ < data_.size()) v = v << 8 | data_[at_];
        return v;
    }
};

}  // namespace choices
