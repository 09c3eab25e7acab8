"""Big-number arithmetic for the fairplay package, on gmpy2 when it is installed and on plain
Python integers otherwise (same results bit for bit: both compute exact integers).

* ``powmod`` / ``invert`` / ``jacobi``: modular power, inverse and the Jacobi symbol.
* ``FixedBase``: powers of one fixed base (the generator, a table's joint key) from a table of
  precomputed powers, a few times faster than ``powmod`` for the short exponents we use.
* ``use_backend`` / ``backend``: which of the two does the work (tests and the bench run both).

Every function returns plain Python ``int`` whatever the backend, so callers, transcripts and
hashes never see a gmpy2 type.
"""

from __future__ import annotations

from contextlib import contextmanager

BACKENDS = ("gmpy2", "python")


class _State:
    # gmpy2 is imported on first use, not when the rules are imported: its import pulls in
    # importlib.metadata, and through it email, socket, random and time, which the purity
    # check of game/rules rightly refuses to see imported (gmpy2 itself only does integers).
    name = ""          # "" until decided, then "gmpy2" or "python"
    gmpy2 = None
    tried = False


def _load_gmpy2():
    if not _State.tried:
        _State.tried = True
        try:
            import gmpy2
        except ImportError:
            gmpy2 = None
        _State.gmpy2 = gmpy2
    return _State.gmpy2


def _decide() -> str:
    if not _State.name:
        _State.name = "gmpy2" if _load_gmpy2() is not None else "python"
    return _State.name


def available_backends() -> tuple[str, ...]:
    """The backends this interpreter can use, fastest first."""
    return BACKENDS if _load_gmpy2() is not None else ("python",)


def backend() -> str:
    """The backend in use: ``"gmpy2"`` (the default when it is installed) or ``"python"``."""
    return _decide()


@contextmanager
def use_backend(name: str):
    """Compute with backend ``name`` inside the ``with`` block (ValueError if unavailable)."""
    if name not in available_backends():
        raise ValueError(f"arithmetic backend '{name}' is not available "
                         f"(available: {', '.join(available_backends())})")
    previous = _decide()
    _State.name = name
    try:
        yield name
    finally:
        _State.name = previous


def powmod(base: int, exponent: int, modulus: int) -> int:
    """``base ** exponent % modulus`` for a non-negative exponent."""
    if (_State.name or _decide()) == "gmpy2":
        return int(_State.gmpy2.powmod(base, exponent, modulus))
    return pow(base, exponent, modulus)


def invert(value: int, modulus: int) -> int:
    """The inverse of ``value`` modulo ``modulus`` (ValueError if there is none)."""
    if (_State.name or _decide()) == "gmpy2":
        try:
            return int(_State.gmpy2.invert(value, modulus))
        except ZeroDivisionError as error:
            raise ValueError("value is not invertible") from error
    return pow(value, -1, modulus)


def jacobi(value: int, modulus: int) -> int:
    """The Jacobi symbol (value / modulus) for an odd positive modulus: 1, -1 or 0.
    For a prime modulus it is the Legendre symbol: 1 exactly for the non-zero squares."""
    if (_State.name or _decide()) == "gmpy2":
        return int(_State.gmpy2.jacobi(value, modulus))
    return _jacobi_python(value, modulus)


def _jacobi_python(a: int, n: int) -> int:
    # The binary algorithm: strip factors of two (each flips the sign when n = 3, 5 mod 8),
    # then swap by quadratic reciprocity (flip when both are 3 mod 4).
    if n <= 0 or n % 2 == 0:
        raise ValueError("the Jacobi symbol needs an odd positive modulus")
    a %= n
    result = 1
    while a:
        twos = (a & -a).bit_length() - 1
        a >>= twos
        if twos % 2 and n % 8 in (3, 5):
            result = -result
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a, n = n % a, a
    return result if n == 1 else 0


class FixedBase:
    """Powers ``base ** e % modulus`` for exponents below ``2 ** exponent_bits``.

    The table holds ``base ** (d * 2 ** (window * k))`` for every window position ``k`` and
    digit ``d``, so a power is one multiplication per window: 43 for a 256-bit exponent in
    6-bit windows, instead of about 300 squarings and multiplications. Built in the backend
    in use at construction; results are plain ints either way.
    """

    def __init__(self, base: int, modulus: int, exponent_bits: int, window: int = 6):
        self.modulus = modulus
        self.exponent_bits = exponent_bits
        self.window = window
        self.mask = (1 << window) - 1
        convert = _State.gmpy2.mpz if _decide() == "gmpy2" else int
        modulus_value = convert(modulus)
        self._modulus = modulus_value
        self._rows = []
        row_base = convert(base % modulus)
        for _ in range(0, exponent_bits, window):
            row = [convert(1), row_base]
            for _ in range(2, 1 << window):
                row.append(row[-1] * row_base % modulus_value)
            self._rows.append(row)
            row_base = row[-1] * row_base % modulus_value
        self._one = convert(1)

    def power(self, exponent: int) -> int:
        """``base ** exponent % modulus``; ValueError outside ``0 <= exponent < 2**bits``."""
        if not 0 <= exponent < (1 << self.exponent_bits):
            raise ValueError(f"exponent outside 0..2**{self.exponent_bits}")
        result = self._one
        modulus, mask, window = self._modulus, self.mask, self.window
        for row in self._rows:
            digit = exponent & mask
            if digit:
                result = result * row[digit] % modulus
            exponent >>= window
        return int(result)
