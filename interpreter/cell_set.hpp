// Sets of board cells, one bit per cell index, in as many 64-bit words as a board needs. A board
// of up to 64 cells fits one machine word, up to 128 one 128-bit integer; wider boards use an
// array of words. All widths offer the same operations, so code written over one serves all.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace vari {

// A cell set held in one unsigned integer `Int` (std::uint64_t or unsigned __int128).
template <class Int>
class IntCellSet {
public:
    static constexpr int CAPACITY = 8 * sizeof(Int);

    constexpr IntCellSet() = default;
    static constexpr IntCellSet of(int cell) { return from(static_cast<Int>(1) << cell); }

    constexpr bool empty() const { return bits_ == 0; }
    constexpr explicit operator bool() const { return bits_ != 0; }
    constexpr bool has(int cell) const { return (bits_ >> cell) & 1; }
    constexpr int count() const {
        if constexpr (CAPACITY == 64)
            return std::popcount(lo());
        else
            return std::popcount(lo()) + std::popcount(hi());
    }
    // Lowest and highest members; the set must not be empty.
    constexpr int first() const {
        assert(bits_);
        if constexpr (CAPACITY == 64)
            return std::countr_zero(lo());
        else
            return lo() ? std::countr_zero(lo()) : 64 + std::countr_zero(hi());
    }
    constexpr int last() const {
        assert(bits_);
        if constexpr (CAPACITY == 64)
            return 63 - std::countl_zero(lo());
        else
            return hi() ? 127 - std::countl_zero(hi()) : 63 - std::countl_zero(lo());
    }
    constexpr int pop_first() {
        const int c = first();
        bits_ &= bits_ - 1;
        return c;
    }
    constexpr void add(int cell) { *this |= of(cell); }
    constexpr void remove(int cell) { *this &= ~of(cell); }
    // The members of cells [64 * i, 64 * i + 64), one bit each (see resized).
    constexpr std::uint64_t word(int i) const { return i == 0 ? lo() : i == 1 ? hi() : 0; }
    constexpr void set_word(int i, std::uint64_t w) {
        assert(i < CAPACITY / 64);
        if (i == 0)
            bits_ = (bits_ & ~static_cast<Int>(~std::uint64_t{0})) | w;
        else if constexpr (CAPACITY > 64)
            bits_ = static_cast<Int>(lo()) | static_cast<Int>(w) << 64;
    }

    // Every member moved `by` cells up (down when negative); those that would leave the set's
    // capacity are dropped. |by| < CAPACITY.
    constexpr IntCellSet shifted(int by) const {
        return from(by >= 0 ? bits_ << by : bits_ >> -by);
    }

    constexpr IntCellSet operator|(IntCellSet o) const { return from(bits_ | o.bits_); }
    constexpr IntCellSet operator&(IntCellSet o) const { return from(bits_ & o.bits_); }
    constexpr IntCellSet operator^(IntCellSet o) const { return from(bits_ ^ o.bits_); }
    constexpr IntCellSet operator~() const { return from(~bits_); }
    constexpr IntCellSet& operator|=(IntCellSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr IntCellSet& operator&=(IntCellSet o) {
        bits_ &= o.bits_;
        return *this;
    }
    constexpr IntCellSet& operator^=(IntCellSet o) {
        bits_ ^= o.bits_;
        return *this;
    }
    friend constexpr bool operator==(IntCellSet, IntCellSet) = default;

    // Iteration over members in increasing order: for (int c : set) ... The two words are walked
    // one after the other, so no step does 128-bit arithmetic.
    class Iterator {
    public:
        constexpr Iterator(std::uint64_t lo, std::uint64_t hi) : lo_(lo), hi_(hi) {}
        constexpr int operator*() const {
            if constexpr (CAPACITY == 64)
                return std::countr_zero(lo_);
            else
                return lo_ ? std::countr_zero(lo_) : 64 + std::countr_zero(hi_);
        }
        constexpr Iterator& operator++() {
            if (CAPACITY == 64 || lo_)
                lo_ &= lo_ - 1;
            else
                hi_ &= hi_ - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator& o) const {
            if constexpr (CAPACITY == 64)
                return lo_ != o.lo_;
            else
                return lo_ != o.lo_ || hi_ != o.hi_;
        }

    private:
        std::uint64_t lo_, hi_;
    };
    constexpr Iterator begin() const { return Iterator(lo(), hi()); }
    constexpr Iterator end() const { return Iterator(0, 0); }

private:
    static constexpr IntCellSet from(Int bits) {
        IntCellSet s;
        s.bits_ = bits;
        return s;
    }
    constexpr std::uint64_t lo() const { return static_cast<std::uint64_t>(bits_); }
    constexpr std::uint64_t hi() const {
        if constexpr (CAPACITY == 64)
            return 0;
        else
            return static_cast<std::uint64_t>(bits_ >> 64);
    }
    Int bits_ = 0;
};

// A cell set held in `Words` 64-bit words, lowest cells in the first.
template <int Words>
class WordsCellSet {
public:
    static constexpr int CAPACITY = 64 * Words;

    constexpr WordsCellSet() = default;
    static constexpr WordsCellSet of(int cell) {
        WordsCellSet s;
        s.words_[static_cast<std::size_t>(cell >> 6)] = std::uint64_t{1} << (cell & 63);
        return s;
    }

    // The words or'ed together, not tested one by one: no branch per word.
    constexpr bool empty() const {
        std::uint64_t any = 0;
#pragma GCC unroll 4
        for (const std::uint64_t w : words_) any |= w;
        return any == 0;
    }
    constexpr explicit operator bool() const { return !empty(); }
    constexpr bool has(int cell) const {
        return (words_[static_cast<std::size_t>(cell >> 6)] >> (cell & 63)) & 1;
    }
    constexpr int count() const {
        int n = 0;
        for (const std::uint64_t w : words_) n += std::popcount(w);
        return n;
    }
    // Lowest and highest members; the set must not be empty.
    constexpr int first() const {
        for (int i = 0; i < Words; ++i)
            if (const std::uint64_t w = words_[static_cast<std::size_t>(i)])
                return 64 * i + std::countr_zero(w);
        assert(false);
        return -1;
    }
    constexpr int last() const {
        for (int i = Words - 1; i >= 0; --i)
            if (const std::uint64_t w = words_[static_cast<std::size_t>(i)])
                return 64 * i + 63 - std::countl_zero(w);
        assert(false);
        return -1;
    }
    constexpr int pop_first() {
        for (int i = 0; i < Words; ++i)
            if (std::uint64_t& w = words_[static_cast<std::size_t>(i)]) {
                const int c = 64 * i + std::countr_zero(w);
                w &= w - 1;
                return c;
            }
        assert(false);
        return -1;
    }
    constexpr void add(int cell) { *this |= of(cell); }
    constexpr void remove(int cell) { *this &= ~of(cell); }
    constexpr std::uint64_t word(int i) const {
        return i < Words ? words_[static_cast<std::size_t>(i)] : 0;
    }
    constexpr void set_word(int i, std::uint64_t w) { words_[static_cast<std::size_t>(i)] = w; }

    // Every member moved `by` cells up (down when negative); those that would leave the set's
    // capacity are dropped. |by| < CAPACITY.
    [[gnu::always_inline]] constexpr WordsCellSet shifted(int by) const {
        // A step's shift, less than a word, is the common case: each word takes its neighbour's
        // spilled bits, with no test per word.
        if (by > 0 && by < 64) {
            WordsCellSet s;
            for (std::size_t i = Words - 1; i > 0; --i)
                s.words_[i] = words_[i] << by | words_[i - 1] >> (64 - by);
            s.words_[0] = words_[0] << by;
            return s;
        }
        if (by < 0 && by > -64) {
            WordsCellSet s;
            for (std::size_t i = 0; i + 1 < Words; ++i)
                s.words_[i] = words_[i] >> -by | words_[i + 1] << (64 + by);
            s.words_[Words - 1] = words_[Words - 1] >> -by;
            return s;
        }
        WordsCellSet s;
        const int words = (by >= 0 ? by : -by) >> 6, bits = (by >= 0 ? by : -by) & 63;
        for (int i = 0; i < Words - words; ++i) {
            // Up: word i + words takes word i's low part and word i - 1's high bits; down the
            // mirror of it.
            const int to = by >= 0 ? i + words : i, low = by >= 0 ? i : i + words;
            const std::uint64_t w = words_[static_cast<std::size_t>(low)];
            std::uint64_t moved = by >= 0 ? w << bits : w >> bits;
            if (bits && by >= 0 && i > 0)
                moved |= words_[static_cast<std::size_t>(i - 1)] >> (64 - bits);
            if (bits && by < 0 && low + 1 < Words)
                moved |= words_[static_cast<std::size_t>(low + 1)] << (64 - bits);
            s.words_[static_cast<std::size_t>(to)] = moved;
        }
        return s;
    }

    constexpr WordsCellSet operator|(const WordsCellSet& o) const {
        return WordsCellSet(*this) |= o;
    }
    constexpr WordsCellSet operator&(const WordsCellSet& o) const {
        return WordsCellSet(*this) &= o;
    }
    constexpr WordsCellSet operator^(const WordsCellSet& o) const {
        return WordsCellSet(*this) ^= o;
    }
    constexpr WordsCellSet operator~() const {
        WordsCellSet s;
#pragma GCC unroll 4
        for (std::size_t i = 0; i < words_.size(); ++i) s.words_[i] = ~words_[i];
        return s;
    }
    constexpr WordsCellSet& operator|=(const WordsCellSet& o) {
#pragma GCC unroll 4
        for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= o.words_[i];
        return *this;
    }
    constexpr WordsCellSet& operator&=(const WordsCellSet& o) {
#pragma GCC unroll 4
        for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= o.words_[i];
        return *this;
    }
    constexpr WordsCellSet& operator^=(const WordsCellSet& o) {
#pragma GCC unroll 4
        for (std::size_t i = 0; i < words_.size(); ++i) words_[i] ^= o.words_[i];
        return *this;
    }
    friend constexpr bool operator==(const WordsCellSet&, const WordsCellSet&) = default;

    // Iteration over members in increasing order: for (int c : set) ... A word at a time, over a
    // copy of the set (the loop may change the set). The word being walked is always the copy's
    // first, the later ones moved down as it empties: no word is picked by a run-time index, so
    // the copy can live in registers.
    struct End {};
    class Iterator {
    public:
        constexpr explicit Iterator(const std::array<std::uint64_t, Words>& words) : words_(words) {
            settle();
        }
        constexpr int operator*() const { return base_ + std::countr_zero(words_[0]); }
        constexpr Iterator& operator++() {
            words_[0] &= words_[0] - 1;
            settle();
            return *this;
        }
        constexpr bool operator!=(End) const { return words_[0] != 0; }

    private:
        // Moves the next word with a member to the front; the first word stays empty when no
        // word has one.
        constexpr void settle() {
#pragma GCC unroll 16
            for (int k = 1; k < Words; ++k) {
                if (words_[0]) return;
#pragma GCC unroll 16
                for (std::size_t i = 0; i + 1 < Words; ++i) words_[i] = words_[i + 1];
                words_[Words - 1] = 0;
                base_ += 64;
            }
        }
        std::array<std::uint64_t, Words> words_;
        int base_ = 0;
    };
    constexpr Iterator begin() const { return Iterator(words_); }
    constexpr End end() const { return End(); }

private:
    std::array<std::uint64_t, Words> words_{};
};

// The cell set of a board of up to 64 * Words cells.
template <int Words>
using CellSetOf = std::conditional_t<
    Words == 1, IntCellSet<std::uint64_t>,
    std::conditional_t<Words == 2, IntCellSet<unsigned __int128>, WordsCellSet<Words>>>;

// `s` as a set of another width. Narrowing drops the cells past To's capacity, which the callers
// know to be none: a game's sets hold its own cells only.
template <class To, class From>
constexpr To resized(const From& s) {
    To out;
    constexpr int words = (To::CAPACITY < From::CAPACITY ? To::CAPACITY : From::CAPACITY) / 64;
    for (int i = 0; i < words; ++i) out.set_word(i, s.word(i));
    return out;
}

}  // namespace vari
