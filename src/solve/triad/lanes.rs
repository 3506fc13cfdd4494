//! Vectors of 16-bit lanes for the triad solver ([`super::triad`]): a 16-lane `Wide` (a box)
//! and an 8-lane `Narrow` (a band), with three backends that compute the same thing:
//! [`Avx2`] (x86-64 intrinsics, for a CPU that `Avx2::detect` finds has AVX2), [`Avx512`]
//! (the same, with AVX-512's one-instruction 16-bit popcount, for a CPU that has it too)
//! and [`Portable`] (plain arrays, on any CPU: the tests and the fuzzer hold the others to
//! it). The solver is written once, generic over [`Lanes`], so every backend takes the same
//! steps and finds the same first solution.
//!
//! Shuffles are given lane by lane: `ctl[i]` is the source lane of output lane `i`, or
//! [`ZERO`] for a zero. [`Ctl16`] and [`Ctl8`] keep, beside the lane numbers, the byte
//! controls that `pshufb` takes, built at compile time.
//!
//! ```text
//!   Wide: lanes 0..16, in two halves of 8 (AVX2 shuffles bytes within a 128-bit half)
//!   viewed as a 4x4 matrix, lane = 4 * row + column:
//!        col 0  1  2  3
//!   row 0    0  1  2  3        rot_rows::<K>: within each row, lane j takes lane (j+K) % 4
//!   row 1    4  5  6  7        rot_cols::<K>: within each column, row i takes row (i+K) % 4
//!   row 2    8  9 10 11
//!   row 3   12 13 14 15
//! ```

/// The control lane number that writes a zero.
pub const ZERO: u8 = 0xFF;

/// A shuffle that makes 16 lanes from 8 (a `Narrow`, or one half of a `Wide`).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub struct Ctl16 {
    /// `pshufb` bytes: output byte k takes byte `bytes[k]` of its own half (high bit: zero).
    pub bytes: [u8; 32],
    pub lanes: [u8; 16],
}

/// A shuffle that makes 8 lanes from any of 16.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub struct Ctl8 {
    /// `pshufb` bytes taking from the low half and from the high half of a `Wide`.
    pub lo: [u8; 16],
    pub hi: [u8; 16],
    pub lanes: [u8; 8],
}

/// The bytes of 16-bit lane `lane` of a 128-bit half (`0x80`: zero).
const fn lane_bytes(lane: u8) -> [u8; 2] {
    if lane == ZERO {
        [0x80, 0x80]
    } else {
        [2 * lane, 2 * lane + 1]
    }
}

impl Ctl16 {
    /// Output lane `i` takes lane `lanes[i]` (0..8) of an 8-lane source copied into both
    /// halves (the shuffle works within each half), so any lane can come from any source lane.
    pub const fn spread(lanes: [u8; 16]) -> Ctl16 {
        let mut bytes = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            assert!(lanes[i] == ZERO || lanes[i] < 8);
            let b = lane_bytes(lanes[i]);
            bytes[2 * i] = b[0];
            bytes[2 * i + 1] = b[1];
            i += 1;
        }
        Ctl16 { bytes, lanes }
    }
}

impl Ctl8 {
    /// Output lane `i` takes lane `lanes[i]` (0..16) of a 16-lane source.
    pub const fn gather(lanes: [u8; 8]) -> Ctl8 {
        let mut lo = [0x80u8; 16];
        let mut hi = [0x80u8; 16];
        let mut i = 0;
        while i < 8 {
            let l = lanes[i];
            if l != ZERO {
                assert!(l < 16);
                let b = lane_bytes(l % 8);
                let half = if l < 8 { &mut lo } else { &mut hi };
                half[2 * i] = b[0];
                half[2 * i + 1] = b[1];
            }
            i += 1;
        }
        Ctl8 { lo, hi, lanes }
    }
}

/// The operations the solver needs. Every method is `#[inline(always)]` in every backend,
/// so that the whole search compiles into the one function that calls it (and, for an
/// x86-64 backend, is compiled with the CPU features that backend proves).
pub trait Lanes: Copy {
    type Wide: Copy + PartialEq;
    type Narrow: Copy + PartialEq;

    /// A vector from its lanes. Only these two make a vector from nothing, and they take
    /// the backend itself: a backend value is the capability to run its instructions.
    fn wide(self, lanes: [u16; 16]) -> Self::Wide;
    fn narrow(self, lanes: [u16; 8]) -> Self::Narrow;
    fn wide_lanes(x: Self::Wide) -> [u16; 16];
    fn narrow_lanes(x: Self::Narrow) -> [u16; 8];

    fn and(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    fn or(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    /// `a & !b`.
    fn and_not(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    fn xor(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    /// `a - b` in each lane, wrapping.
    fn sub(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    /// All ones in the lanes where `a == b`, else zero.
    fn eq(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    /// All ones in the lanes where `a < b` (lanes as signed 16-bit numbers).
    fn less(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    /// True when some lane has `a < b` (lanes as signed 16-bit numbers).
    #[inline(always)]
    fn any_less(a: Self::Wide, b: Self::Wide) -> bool {
        !Self::is_zero(Self::less(a, b))
    }
    fn is_zero(a: Self::Wide) -> bool;
    /// The number of set bits of each lane (lanes hold at most 9 bits).
    fn counts(a: Self::Wide) -> Self::Wide;
    /// All ones in the lanes that are not zero.
    fn nonzero(a: Self::Wide) -> Self::Wide;
    fn rot_rows<const K: u32>(a: Self::Wide) -> Self::Wide;
    fn rot_cols<const K: u32>(a: Self::Wide) -> Self::Wide;
    /// 8 lanes picked from any of the 16.
    fn gather(a: Self::Wide, ctl: &Ctl8) -> Self::Narrow;
    /// 16 lanes picked from a half of 8 lanes: the low half (`high` false) or the high one.
    /// (`high` is a constant where the solver calls it, so the choice folds away.)
    fn spread_half(a: Self::Wide, high: bool, ctl: &Ctl16) -> Self::Wide;

    fn n_and(a: Self::Narrow, b: Self::Narrow) -> Self::Narrow;
    fn n_or(a: Self::Narrow, b: Self::Narrow) -> Self::Narrow;
    fn n_and_not(a: Self::Narrow, b: Self::Narrow) -> Self::Narrow;
    fn n_is_zero(a: Self::Narrow) -> bool;
    /// The number of set bits in all lanes together.
    fn n_count(a: Self::Narrow) -> u32;
    /// The index of the first lane that is not zero (8 when every lane is).
    fn n_first_nonzero(a: Self::Narrow) -> u32;
    /// 16 lanes picked from the 8.
    fn n_spread(a: Self::Narrow, ctl: &Ctl16) -> Self::Wide;
}

/// The arrays backend: any CPU (the solver module uses it only in tests and the fuzzer).
#[derive(Clone, Copy)]
pub struct Portable;

/// Lane by lane, `f(a[i], b[i])`.
#[inline(always)]
fn zip<const N: usize>(a: [u16; N], b: [u16; N], f: impl Fn(u16, u16) -> u16) -> [u16; N] {
    std::array::from_fn(|i| f(a[i], b[i]))
}

/// True when every lane is 0.
#[inline(always)]
fn all_zero(a: &[u16]) -> bool {
    a.iter().fold(0, |m, &x| m | x) == 0
}

impl Lanes for Portable {
    type Wide = [u16; 16];
    type Narrow = [u16; 8];

    #[inline(always)]
    fn wide(self, lanes: [u16; 16]) -> [u16; 16] {
        lanes
    }
    #[inline(always)]
    fn narrow(self, lanes: [u16; 8]) -> [u16; 8] {
        lanes
    }
    #[inline(always)]
    fn wide_lanes(x: [u16; 16]) -> [u16; 16] {
        x
    }
    #[inline(always)]
    fn narrow_lanes(x: [u16; 8]) -> [u16; 8] {
        x
    }
    #[inline(always)]
    fn and(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| x & y)
    }
    #[inline(always)]
    fn or(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| x | y)
    }
    #[inline(always)]
    fn and_not(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| x & !y)
    }
    #[inline(always)]
    fn xor(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| x ^ y)
    }
    #[inline(always)]
    fn sub(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, u16::wrapping_sub)
    }
    #[inline(always)]
    fn eq(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| if x == y { !0 } else { 0 })
    }
    #[inline(always)]
    fn less(a: [u16; 16], b: [u16; 16]) -> [u16; 16] {
        zip(a, b, |x, y| if (x as i16) < (y as i16) { !0 } else { 0 })
    }
    #[inline(always)]
    fn is_zero(a: [u16; 16]) -> bool {
        all_zero(&a)
    }
    #[inline(always)]
    fn counts(a: [u16; 16]) -> [u16; 16] {
        a.map(|x| x.count_ones() as u16)
    }
    #[inline(always)]
    fn nonzero(a: [u16; 16]) -> [u16; 16] {
        a.map(|x| if x != 0 { !0 } else { 0 })
    }
    #[inline(always)]
    fn rot_rows<const K: u32>(a: [u16; 16]) -> [u16; 16] {
        std::array::from_fn(|l| a[l / 4 * 4 + (l % 4 + K as usize) % 4])
    }
    #[inline(always)]
    fn rot_cols<const K: u32>(a: [u16; 16]) -> [u16; 16] {
        std::array::from_fn(|l| a[(l / 4 + K as usize) % 4 * 4 + l % 4])
    }
    #[inline(always)]
    fn gather(a: [u16; 16], ctl: &Ctl8) -> [u16; 8] {
        ctl.lanes.map(|l| if l == ZERO { 0 } else { a[l as usize] })
    }
    #[inline(always)]
    fn spread_half(a: [u16; 16], high: bool, ctl: &Ctl16) -> [u16; 16] {
        let base = if high { 8 } else { 0 };
        ctl.lanes
            .map(|l| if l == ZERO { 0 } else { a[base + l as usize] })
    }
    #[inline(always)]
    fn n_and(a: [u16; 8], b: [u16; 8]) -> [u16; 8] {
        zip(a, b, |x, y| x & y)
    }
    #[inline(always)]
    fn n_or(a: [u16; 8], b: [u16; 8]) -> [u16; 8] {
        zip(a, b, |x, y| x | y)
    }
    #[inline(always)]
    fn n_and_not(a: [u16; 8], b: [u16; 8]) -> [u16; 8] {
        zip(a, b, |x, y| x & !y)
    }
    #[inline(always)]
    fn n_is_zero(a: [u16; 8]) -> bool {
        all_zero(&a)
    }
    #[inline(always)]
    fn n_count(a: [u16; 8]) -> u32 {
        a.iter().map(|x| x.count_ones()).sum()
    }
    #[inline(always)]
    fn n_first_nonzero(a: [u16; 8]) -> u32 {
        a.iter().position(|&x| x != 0).unwrap_or(8) as u32
    }
    #[inline(always)]
    fn n_spread(a: [u16; 8], ctl: &Ctl16) -> [u16; 16] {
        ctl.lanes.map(|l| if l == ZERO { 0 } else { a[l as usize] })
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Avx512};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Ctl16, Ctl8, Lanes};
    use std::arch::x86_64::*;

    /// An x86-64 backend, and the proof that the CPU has its instructions: AVX2, POPCNT
    /// and BMI1, and with `BITALG` also AVX-512 F, VL, BW and BITALG, whose `vpopcntw`
    /// counts the bits of 16 lanes in one instruction (the AVX2 way takes eight). Its one
    /// constructor, `detect`, asks the CPU. Every vector of a backend is made by
    /// [`Lanes::wide`] or [`Lanes::narrow`], which take the backend, or computed from such
    /// vectors, and carries the backend's `BITALG` in its type, so a method that has a
    /// vector to work on runs on a CPU that has the instructions (safe by construction,
    /// whatever module calls it). Inside a function compiled with those features (the
    /// solver's search) the methods inline into plain instructions; elsewhere they are
    /// correct, only slower.
    #[derive(Clone, Copy)]
    pub struct Simd<const BITALG: bool>(());
    /// AVX2 alone.
    pub type Avx2 = Simd<false>;
    /// AVX2 and AVX-512's 16-bit popcount (Intel since Ice Lake, AMD since Zen 4).
    pub type Avx512 = Simd<true>;

    impl<const BITALG: bool> Simd<BITALG> {
        /// The backend, when this CPU has what it needs.
        #[inline]
        pub fn detect() -> Option<Simd<BITALG>> {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = has!("avx2") && has!("popcnt") && has!("bmi1");
            let bitalg =
                || has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512bitalg");
            (avx2 && (!BITALG || bitalg())).then_some(Simd(()))
        }
    }

    /// Byte-wise popcounts of the nibbles 0..16, in each half.
    const NIBBLE_COUNTS: [u8; 32] = {
        let mut t = [0u8; 32];
        let mut i = 0;
        while i < 32 {
            t[i] = (i % 16).count_ones() as u8;
            i += 1;
        }
        t
    };

    /// Rotation of the 4 lanes of each 64-bit row by K lanes, as `pshufb` bytes.
    const fn rot_row_bytes(k: usize) -> [u8; 32] {
        let mut t = [0u8; 32];
        let mut byte = 0;
        while byte < 32 {
            let lane = byte / 2;
            let src = (lane / 4) * 4 + (lane % 4 + k) % 4;
            t[byte] = ((src % 8) * 2 + byte % 2) as u8;
            byte += 1;
        }
        t
    }
    #[repr(align(32))]
    struct Bytes32([u8; 32]);
    const ROT_ROWS: [Bytes32; 4] = [
        Bytes32(rot_row_bytes(0)),
        Bytes32(rot_row_bytes(1)),
        Bytes32(rot_row_bytes(2)),
        Bytes32(rot_row_bytes(3)),
    ];

    // SAFETY (for every `unsafe` block below): the intrinsics need AVX2, which the CPU has
    // whenever a vector or a backend exists, and `vpopcntw` AVX-512 VL and BITALG, which
    // it has whenever a vector or a backend with `BITALG` exists (see the backend's
    // comment; the private helpers here are called only by methods that have one); the
    // loads and stores touch 16 or 32 bytes of arrays of that size.
    #[inline(always)]
    fn load32(b: &[u8; 32]) -> __m256i {
        unsafe { _mm256_loadu_si256(b.as_ptr().cast()) }
    }
    /// `x`, with its address hidden from the optimizer, so that a shuffle control read
    /// through it stays one `vpshufb`: LLVM turns a constant row rotation by 1 or 3 lanes
    /// into `vpshuflw` and `vpshufhw`, two instructions.
    #[inline(always)]
    fn opaque<T>(x: &T) -> &T {
        let p = x as *const T;
        let mut addr = p.addr();
        // SAFETY: the empty asm hands the address back unchanged, and touches no memory;
        // the pointer keeps the provenance of `x`.
        unsafe {
            std::arch::asm!(
                "/* {0} */",
                inout(reg) addr,
                options(pure, nomem, nostack, preserves_flags)
            );
            &*p.with_addr(addr)
        }
    }
    #[inline(always)]
    fn load16(b: &[u8; 16]) -> __m128i {
        unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
    }

    impl<const B: bool> Lanes for Simd<B> {
        type Wide = W<B>;
        type Narrow = N<B>;

        #[inline(always)]
        fn wide(self, lanes: [u16; 16]) -> W<B> {
            W(unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) })
        }
        #[inline(always)]
        fn narrow(self, lanes: [u16; 8]) -> N<B> {
            N(unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) })
        }
        #[inline(always)]
        fn wide_lanes(x: W<B>) -> [u16; 16] {
            let mut out = [0u16; 16];
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), x.0) };
            out
        }
        #[inline(always)]
        fn narrow_lanes(x: N<B>) -> [u16; 8] {
            let mut out = [0u16; 8];
            unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), x.0) };
            out
        }
        #[inline(always)]
        fn and(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_and_si256(a.0, b.0) })
        }
        #[inline(always)]
        fn or(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_or_si256(a.0, b.0) })
        }
        #[inline(always)]
        fn and_not(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_andnot_si256(b.0, a.0) })
        }
        #[inline(always)]
        fn xor(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_xor_si256(a.0, b.0) })
        }
        #[inline(always)]
        fn sub(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_sub_epi16(a.0, b.0) })
        }
        #[inline(always)]
        fn eq(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_cmpeq_epi16(a.0, b.0) })
        }
        #[inline(always)]
        fn less(a: W<B>, b: W<B>) -> W<B> {
            W(unsafe { _mm256_cmpgt_epi16(b.0, a.0) })
        }
        #[inline(always)]
        fn is_zero(a: W<B>) -> bool {
            unsafe { _mm256_testz_si256(a.0, a.0) != 0 }
        }
        #[inline(always)]
        fn counts(a: W<B>) -> W<B> {
            if B {
                return W(unsafe { _mm256_popcnt_epi16(a.0) });
            }
            // Without it, a table of the nibbles' counts looked up by `vpshufb`.
            unsafe {
                let table = load32(&NIBBLE_COUNTS);
                let low = _mm256_set1_epi8(0x0F);
                let lo = _mm256_and_si256(a.0, low);
                let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(a.0), low);
                let per_byte = _mm256_add_epi8(
                    _mm256_shuffle_epi8(table, lo),
                    _mm256_shuffle_epi8(table, hi),
                );
                // Add the two bytes of each lane.
                W(_mm256_maddubs_epi16(per_byte, _mm256_set1_epi8(1)))
            }
        }
        #[inline(always)]
        fn nonzero(a: W<B>) -> W<B> {
            unsafe {
                let zero = _mm256_cmpeq_epi16(a.0, _mm256_setzero_si256());
                W(_mm256_xor_si256(zero, _mm256_set1_epi16(-1)))
            }
        }
        #[inline(always)]
        fn rot_rows<const K: u32>(a: W<B>) -> W<B> {
            // By 2 lanes: the two 32-bit halves of each row swap, one `vpshufd` with no
            // control to load.
            W(unsafe {
                match K % 4 {
                    2 => _mm256_shuffle_epi32::<0b10_11_00_01>(a.0),
                    _ => _mm256_shuffle_epi8(a.0, load32(&opaque(&ROT_ROWS[K as usize % 4]).0)),
                }
            })
        }
        #[inline(always)]
        fn rot_cols<const K: u32>(a: W<B>) -> W<B> {
            unsafe {
                W(match K % 4 {
                    1 => _mm256_permute4x64_epi64::<0b00_11_10_01>(a.0),
                    2 => _mm256_permute4x64_epi64::<0b01_00_11_10>(a.0),
                    3 => _mm256_permute4x64_epi64::<0b10_01_00_11>(a.0),
                    _ => a.0,
                })
            }
        }
        #[inline(always)]
        fn gather(a: W<B>, ctl: &Ctl8) -> N<B> {
            unsafe {
                let lo = _mm256_castsi256_si128(a.0);
                let hi = _mm256_extracti128_si256::<1>(a.0);
                N(_mm_or_si128(
                    _mm_shuffle_epi8(lo, load16(&ctl.lo)),
                    _mm_shuffle_epi8(hi, load16(&ctl.hi)),
                ))
            }
        }
        #[inline(always)]
        fn spread_half(a: W<B>, high: bool, ctl: &Ctl16) -> W<B> {
            unsafe {
                let both = if high {
                    _mm256_permute4x64_epi64::<0b11_10_11_10>(a.0)
                } else {
                    _mm256_permute4x64_epi64::<0b01_00_01_00>(a.0)
                };
                W(_mm256_shuffle_epi8(both, load32(&ctl.bytes)))
            }
        }
        #[inline(always)]
        fn n_and(a: N<B>, b: N<B>) -> N<B> {
            N(unsafe { _mm_and_si128(a.0, b.0) })
        }
        #[inline(always)]
        fn n_or(a: N<B>, b: N<B>) -> N<B> {
            N(unsafe { _mm_or_si128(a.0, b.0) })
        }
        #[inline(always)]
        fn n_and_not(a: N<B>, b: N<B>) -> N<B> {
            N(unsafe { _mm_andnot_si128(b.0, a.0) })
        }
        #[inline(always)]
        fn n_is_zero(a: N<B>) -> bool {
            unsafe { _mm_testz_si128(a.0, a.0) != 0 }
        }
        #[inline(always)]
        fn n_count(a: N<B>) -> u32 {
            unsafe {
                (_mm_cvtsi128_si64(a.0) as u64).count_ones()
                    + (_mm_extract_epi64::<1>(a.0) as u64).count_ones()
            }
        }
        #[inline(always)]
        fn n_first_nonzero(a: N<B>) -> u32 {
            // Two mask bits a lane; bit 16 stops the count at lane 8.
            let zero = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi16(a.0, _mm_setzero_si128())) };
            (!zero as u32 & 0xFFFF | 1 << 16).trailing_zeros() / 2
        }
        #[inline(always)]
        fn n_spread(a: N<B>, ctl: &Ctl16) -> W<B> {
            unsafe {
                let both = _mm256_broadcastsi128_si256(a.0);
                W(_mm256_shuffle_epi8(both, load32(&ctl.bytes)))
            }
        }
    }

    /// 16 lanes in a 256-bit register, of the backend `Simd<B>`.
    #[derive(Clone, Copy)]
    pub struct W<const B: bool>(__m256i);
    /// 8 lanes in a 128-bit register, of the backend `Simd<B>`.
    #[derive(Clone, Copy)]
    pub struct N<const B: bool>(__m128i);

    impl<const B: bool> PartialEq for W<B> {
        #[inline(always)]
        fn eq(&self, other: &W<B>) -> bool {
            unsafe {
                let x = _mm256_xor_si256(self.0, other.0);
                _mm256_testz_si256(x, x) != 0
            }
        }
    }
    impl<const B: bool> PartialEq for N<B> {
        #[inline(always)]
        fn eq(&self, other: &N<B>) -> bool {
            unsafe {
                let x = _mm_xor_si128(self.0, other.0);
                _mm_testz_si128(x, x) != 0
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The rotations, as the module's diagram draws them: by one lane, then the others as
    // repeats of it.
    #[test]
    fn rotations_follow_the_diagram() {
        let x: [u16; 16] = std::array::from_fn(|l| l as u16);
        let by_row = [1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12];
        let by_col = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3];
        type P = Portable;
        assert_eq!(P::rot_rows::<1>(x), by_row);
        assert_eq!(P::rot_cols::<1>(x), by_col);
        let (r1, c1) = (P::rot_rows::<1>, P::rot_cols::<1>);
        assert_eq!(P::rot_rows::<2>(x), r1(r1(x)));
        assert_eq!(P::rot_rows::<3>(x), r1(r1(r1(x))));
        assert_eq!(P::rot_cols::<2>(x), c1(c1(x)));
        assert_eq!(P::rot_cols::<3>(x), c1(c1(c1(x))));
    }

    /// The x86-64 backends held to the portable one.
    #[cfg(target_arch = "x86_64")]
    mod backends {
        use super::super::*;
        use crate::gen::random::Rng;

        /// A lane: 0, a set of digits, or any 16 bits (the sign bit matters to `less`).
        fn lane(rng: &mut Rng) -> u16 {
            match rng.below(4) {
                0 => 0,
                1 => rng.next_u64() as u16,
                _ => rng.next_u64() as u16 & 0x1FF,
            }
        }

        /// `N` lanes: all 0 now and then, else each lane drawn alone.
        fn lanes<const N: usize>(rng: &mut Rng) -> [u16; N] {
            let zero = rng.below(8) == 0;
            std::array::from_fn(|_| if zero { 0 } else { lane(rng) })
        }

        /// A shuffle's source lane below `n`, or now and then a zero.
        fn source(rng: &mut Rng, n: u32) -> u8 {
            if rng.below(5) == 0 {
                ZERO
            } else {
                rng.below(n) as u8
            }
        }

        // The portable backend is the definition (plain arrays, lane by lane); each x86-64
        // one must compute the same for every operation, on any lanes and any shuffle, not
        // only on those that the solver's tree happens to reach.
        #[test]
        fn the_backends_agree_lane_by_lane() {
            match Avx2::detect() {
                Some(x) => agree(x),
                None => eprintln!("not run: this CPU has no AVX2 backend to compare"),
            }
            match Avx512::detect() {
                Some(x) => agree(x),
                None => eprintln!("the AVX-512 backend not checked: this CPU cannot run it"),
            }
        }

        /// The backend `x` held to the portable one.
        fn agree<X: Lanes>(x: X) {
            type P = Portable;
            let w = X::wide_lanes;
            let n = X::narrow_lanes;
            for k in 0..3000 {
                let mut rng = Rng::for_item(16, k);
                let a: [u16; 16] = lanes(&mut rng);
                let b: [u16; 16] = if rng.below(4) == 0 {
                    a
                } else {
                    lanes(&mut rng)
                };
                let na: [u16; 8] = lanes(&mut rng);
                let nb = if rng.below(4) == 0 {
                    na
                } else {
                    lanes(&mut rng)
                };
                let (xa, xb, xna, xnb) = (x.wide(a), x.wide(b), x.narrow(na), x.narrow(nb));
                let at = format!("{a:?} {b:?} {na:?} {nb:?}");
                assert_eq!(w(X::and(xa, xb)), P::and(a, b), "and {at}");
                assert_eq!(w(X::or(xa, xb)), P::or(a, b), "or {at}");
                assert_eq!(w(X::and_not(xa, xb)), P::and_not(a, b), "and_not {at}");
                assert_eq!(w(X::xor(xa, xb)), P::xor(a, b), "xor {at}");
                assert_eq!(w(X::sub(xa, xb)), P::sub(a, b), "sub {at}");
                assert_eq!(w(X::eq(xa, xb)), P::eq(a, b), "eq {at}");
                assert_eq!(w(X::less(xa, xb)), P::less(a, b), "less {at}");
                assert_eq!(X::any_less(xa, xb), P::any_less(a, b), "any_less {at}");
                assert_eq!(X::is_zero(xa), P::is_zero(a), "is_zero {at}");
                assert_eq!(xa == xb, a == b, "== {at}");
                assert_eq!(w(X::counts(xa)), P::counts(a), "counts {at}");
                assert_eq!(w(X::nonzero(xa)), P::nonzero(a), "nonzero {at}");
                assert_eq!(
                    w(X::rot_rows::<1>(xa)),
                    P::rot_rows::<1>(a),
                    "rot_rows 1 {at}"
                );
                assert_eq!(
                    w(X::rot_rows::<2>(xa)),
                    P::rot_rows::<2>(a),
                    "rot_rows 2 {at}"
                );
                assert_eq!(
                    w(X::rot_rows::<3>(xa)),
                    P::rot_rows::<3>(a),
                    "rot_rows 3 {at}"
                );
                assert_eq!(
                    w(X::rot_cols::<1>(xa)),
                    P::rot_cols::<1>(a),
                    "rot_cols 1 {at}"
                );
                assert_eq!(
                    w(X::rot_cols::<2>(xa)),
                    P::rot_cols::<2>(a),
                    "rot_cols 2 {at}"
                );
                assert_eq!(
                    w(X::rot_cols::<3>(xa)),
                    P::rot_cols::<3>(a),
                    "rot_cols 3 {at}"
                );
                let gather = Ctl8::gather(std::array::from_fn(|_| source(&mut rng, 16)));
                assert_eq!(
                    n(X::gather(xa, &gather)),
                    P::gather(a, &gather),
                    "gather {at}"
                );
                let spread = Ctl16::spread(std::array::from_fn(|_| source(&mut rng, 8)));
                for high in [false, true] {
                    let (got, want) = (
                        X::spread_half(xa, high, &spread),
                        P::spread_half(a, high, &spread),
                    );
                    assert_eq!(w(got), want, "spread_half {high} {at}");
                }
                assert_eq!(
                    w(X::n_spread(xna, &spread)),
                    P::n_spread(na, &spread),
                    "n_spread {at}"
                );
                assert_eq!(n(X::n_and(xna, xnb)), P::n_and(na, nb), "n_and {at}");
                assert_eq!(n(X::n_or(xna, xnb)), P::n_or(na, nb), "n_or {at}");
                assert_eq!(
                    n(X::n_and_not(xna, xnb)),
                    P::n_and_not(na, nb),
                    "n_and_not {at}"
                );
                assert_eq!(X::n_is_zero(xna), P::n_is_zero(na), "n_is_zero {at}");
                assert_eq!(xna == xnb, na == nb, "narrow == {at}");
                assert_eq!(X::n_count(xna), P::n_count(na), "n_count {at}");
                assert_eq!(
                    X::n_first_nonzero(xna),
                    P::n_first_nonzero(na),
                    "n_first_nonzero {at}"
                );
            }
        }
    }
}
