// The values each Int term of a program can take, as intervals (RangeCheck): the
// grounder's overflow check and the evaluator's check of unknown indexes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "runtime/ir/program.hpp"

namespace pzc::ground {

// The values each Int term can take over its variables' domains, as intervals, term by
// term as the program grows (a term's arguments come before it). The IR's evaluators (the
// native engine, hints, verify) compute in 64 bits where Z3 does not wrap, so a term that
// can leave that range would make them disagree: `overflows` finds it.
class RangeCheck {
 public:
  using I = __int128;

  // Whether term t, or a term under it, can take a value outside the 64-bit range.
  bool overflows(const ir::Program& p, ir::TermId t) {
    catch_up(p);
    return bad_[static_cast<std::size_t>(t)];
  }
  // How many terms t has written out as a tree (shared arguments counted each time they
  // appear), capped at 2^62: what the IR's evaluators walk (they do not memoise).
  std::uint64_t tree_size(const ir::Program& p, ir::TermId t) {
    catch_up(p);
    return size_[static_cast<std::size_t>(t)];
  }
  // The least and greatest value Int term t can take (a superset: an interval).
  std::pair<I, I> bounds(const ir::Program& p, ir::TermId t) {
    catch_up(p);
    return {lo_[static_cast<std::size_t>(t)], hi_[static_cast<std::size_t>(t)]};
  }

 private:
  void catch_up(const ir::Program& p) {
    for (std::size_t id = done_; id < p.terms.size(); ++id) add(p, id);
    done_ = p.terms.size();
  }

  static constexpr I kCap = I{1} << 100;  // bounds saturate here, far past int64
  static I cap(I x) { return std::clamp(x, -kCap, kCap); }

  void add(const ir::Program& p, std::size_t id) {
    const ir::Term& t = p.terms[id];
    I lo = 0, hi = 1;
    bool bad = false;
    std::uint64_t size = 1;
    boost::container::small_vector<std::pair<I, I>, 8> a;
    for (ir::TermId x : t.args) {
      if (static_cast<std::size_t>(x) >= id) break;  // not in order: nothing is said
      a.emplace_back(lo_[static_cast<std::size_t>(x)], hi_[static_cast<std::size_t>(x)]);
      bad = bad || bad_[static_cast<std::size_t>(x)];
      size = std::min(size + size_[static_cast<std::size_t>(x)], kSizeCap);
    }
    const bool all = a.size() == t.args.size() && !a.empty();
    if (t.kind == ir::ValueKind::Int && t.op == ir::Op::Const) {
      lo = hi = t.value == ir::kNull ? 0 : t.value;
    } else if (t.kind == ir::ValueKind::Int && t.op == ir::Op::Var) {
      const auto& d = p.vars[static_cast<std::size_t>(t.value)].domain;
      lo = hi = 0;
      bool first = true;
      for (ir::Value v : d)
        if (v != ir::kNull) {
          lo = first ? v : std::min<I>(lo, v);
          hi = first ? v : std::max<I>(hi, v);
          first = false;
        }
    } else if (t.kind == ir::ValueKind::Int && all) {
      switch (t.op) {
        case ir::Op::Add: case ir::Op::Sub: case ir::Op::Mul: case ir::Op::Min: case ir::Op::Max:
          lo = a[0].first, hi = a[0].second;
          for (std::size_t k = 1; k < a.size(); ++k) fold(t.op, lo, hi, a[k].first, a[k].second);
          break;
        case ir::Op::Ite:
          if (a.size() == 3) lo = std::min(a[1].first, a[2].first), hi = std::max(a[1].second, a[2].second);
          break;
        case ir::Op::Count: lo = 0, hi = static_cast<I>(a.size()); break;
        case ir::Op::Neg: lo = -a[0].second, hi = -a[0].first; break;
        case ir::Op::Abs:
          if (a[0].first >= 0) lo = a[0].first, hi = a[0].second;
          else if (a[0].second <= 0) lo = -a[0].second, hi = -a[0].first;
          else lo = 0, hi = std::max(-a[0].first, a[0].second);
          break;
        case ir::Op::Div:
        case ir::Op::Mod: {
          if (a.size() != 2) {  // (never made so: nothing is said)
            lo = -kCap, hi = kCap;
            break;
          }
          if (t.op == ir::Op::Div) {
            quotient(a[0].first, a[0].second, a[1].first, a[1].second, lo, hi);
            break;
          }
          // The remainder has the dividend's sign, |x mod y| <= |x| and < |y|.
          const I m = std::max(-a[0].first, a[0].second);
          const I ymax = std::max(-a[1].first, a[1].second);
          const I ymin = a[1].first > 0 ? a[1].first : a[1].second < 0 ? -a[1].second : 0;
          if (ymin > 0 && m < ymin) {  // |x| below every |y|: x mod y = x
            lo = a[0].first, hi = a[0].second;
            break;
          }
          const I r = std::max<I>(std::min(m, ymax - 1), 0);
          lo = a[0].first >= 0 ? 0 : -r, hi = a[0].second <= 0 ? 0 : r;
          break;
        }
        default: break;  // (no other Int op has arguments here)
      }
      bad = bad || lo <= ir::kNull || hi > std::numeric_limits<std::int64_t>::max();
    } else if (t.op == ir::Op::Count) {
      lo = 0, hi = static_cast<I>(t.args.size());
    }
    lo_.push_back(lo);
    hi_.push_back(hi);
    bad_.push_back(bad);
    size_.push_back(size);
  }

  // x div y (truncated towards zero) for x in [xl, xh], y in [yl, yh] but y = 0 (a null):
  // on each side of 0 the quotient is monotone in x and in y, so its bounds are at the
  // corners of the sides' boxes. No divisor but 0: [0, 0] (the term is null).
  static void quotient(I xl, I xh, I yl, I yh, I& lo, I& hi) {
    bool any = false;
    auto side = [&](I a, I b) {  // divisors in [a, b], all of one sign
      if (a > b) return;
      for (I x : {xl, xh})
        for (I y : {a, b}) {
          const I q = x / y;  // C++ truncates towards zero, as the language does
          lo = any ? std::min(lo, q) : q;
          hi = any ? std::max(hi, q) : q;
          any = true;
        }
    };
    side(yl, std::min<I>(yh, -1));
    side(std::max<I>(yl, 1), yh);
    if (!any) lo = hi = 0;
  }

  static void fold(ir::Op op, I& lo, I& hi, I l, I h) {
    switch (op) {
      case ir::Op::Add: lo = cap(lo + l), hi = cap(hi + h); break;
      case ir::Op::Sub: lo = cap(lo - h), hi = cap(hi - l); break;
      case ir::Op::Min: lo = std::min(lo, l), hi = std::min(hi, h); break;
      case ir::Op::Max: lo = std::max(lo, l), hi = std::max(hi, h); break;
      default: {  // Mul: bounds within 2^63 multiply exactly (within 2^126); a side past
                  // that is out of range already, and the product is capped
        const I k63 = I{1} << 63;
        if (std::max({lo, -lo, hi, -hi, l, -l, h, -h}) > k63) {
          lo = -kCap, hi = kCap;
          break;
        }
        const I p[4] = {lo * l, lo * h, hi * l, hi * h};
        lo = cap(*std::min_element(p, p + 4)), hi = cap(*std::max_element(p, p + 4));
      }
    }
  }

  static constexpr std::uint64_t kSizeCap = std::uint64_t{1} << 62;
  std::size_t done_ = 0;
  std::vector<I> lo_, hi_;
  std::vector<char> bad_;
  std::vector<std::uint64_t> size_;
};

}  // namespace pzc::ground
