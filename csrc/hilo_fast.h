/* hilo_fast.h: every function the C core exports, declarations only.
 *
 * cffi reads this file verbatim as its cdef, so it holds no #include, no
 * include guard and no macros; each C source includes <stdint.h> first.
 *
 * A card is an int 0..51 = rank * 4 + suit (rank 0 = deuce .. 12 = ace;
 * suit 0..3 = c, d, h, s). Every value is "lower is better":
 *   high: 1..7462 (Cactus Kev classes, 1 = royal flush, 7462 = 7-5-4-3-2)
 *   low:  1..56 (1 = 5-4-3-2-A, 56 = 8-7-6-5-4), 0 = no qualifying low.
 * Every function validates its cards (range, duplicates, counts) and returns
 * a negative HF_ERR_* code instead of touching memory out of bounds; a NULL
 * pointer argument is a count error (HF_ERR_COUNT: no cards).
 *
 * Every constant C and Python share is declared here, once: the native
 * backend reads them through cffi's `lib`, and tests/native/test_constants.py
 * checks that the pure backend's copies equal them.
 */

/* Errors, contiguous from -1 (the last two come from self-play only). */
enum {
    HF_ERR_CARD = -1,                /* a card outside 0..51 */
    HF_ERR_DUPLICATE = -2,           /* the same card twice */
    HF_ERR_COUNT = -3,               /* a wrong number of cards, a count or setting out of range */
    HF_ERR_TOO_MANY_CHIPS = -4,      /* HF_MAX_CHIPS or more chips at a table */
    HF_ERR_CHIPS_NOT_CONSERVED = -5  /* a hand created or lost a chip (a bug) */
};

/* Chips at a table (every stack, bet and rebuy summed) stay below
 * 2^HF_MAX_CHIPS_BITS = 2^52 in C: every amount, and a bot's random draw
 * int(random() * (hi - lo + 1)) over it, is then exact in a double (53-bit
 * mantissa) as in Python, with a factor of 2 to spare for sums. An enum
 * holds the exponent because 2^52 does not fit an int. */
enum { HF_MAX_CHIPS_BITS = 52 };

/* The rules engine's vocabulary (hilo_fast.engine.structures.Limit,
 * hilo_fast.engine.Action and Street, and the seat status of a hand). */
enum { HF_FIXED = 0, HF_POT = 1, HF_NO = 2 };
enum { HF_FOLD = 0, HF_CHECK = 1, HF_CALL = 2, HF_BET = 3, HF_RAISE = 4 };
enum { HF_PREFLOP = 0, HF_FLOP = 1, HF_TURN = 2, HF_RIVER = 3, HF_OVER = 4 };
/* Seat status, ordered so that ">= HF_ACTIVE" means "still in the hand". */
enum { HF_OUT = 0, HF_FOLDED = 1, HF_ACTIVE = 2, HF_ALL_IN = 3 };

/* splitmix64: output number `index` (0-based) of the stream seeded by
 * `seed`, i.e. the mix of seed + (index + 1) * 0x9E3779B97F4A7C15. Equity's
 * Monte Carlo draws from it (hf_equity_sample), and its chunk seeds are
 * outputs of it (hilo_fast.equity). */
uint64_t hf_splitmix64(uint64_t seed, uint64_t index);

/* One Omaha hand fully described: both values and the five cards of each. */
typedef struct {
    int32_t high;
    int32_t low;
    int32_t high_cards[5]; /* two hole cards, then three board cards */
    int32_t low_cards[5];  /* the same, or all -1 when there is no low */
} hf_hand;

/* ---- 5-card evaluators (high5.c, low.c) ---- */

/* High value 1..7462 of exactly five cards, or HF_ERR_*. */
int32_t hf_high5(const int32_t cards[5]);

/* Low value 1..56 of exactly five cards, 0 if no qualifying low, or HF_ERR_*. */
int32_t hf_low5(const int32_t cards[5]);

/* ---- Omaha (omaha.c): exactly two hole cards and three board cards ---- */

/* Both halves of a hand: hole 4..6 cards, board 3..5 cards.
 * Returns high << 8 | low (high 1..7462, low 0..56), or HF_ERR_*:
 * one int, so a call from Python needs no output buffer. */
int32_t hf_omaha(const int32_t *hole, int32_t n_hole,
                 const int32_t *board, int32_t n_board);

/* As hf_omaha, the hole then the board as the n_hole + n_board bytes of
 * one bytes object: cffi passes bytes without converting item by item,
 * which is most of the cost of a call from Python (evaluate's hot path). */
int32_t hf_omaha_bytes(const char *cards, int32_t n_hole, int32_t n_board);

/* As hf_omaha on a river (5-card board): exactly 4, 5 or 6 hole cards then
 * five board cards, one byte each (9, 10 or 11 bytes). A call from Python
 * with one bytes argument is the cheapest cffi call there is; the function
 * picked by the hole size fixes the length, so 5 + 4 cards cannot pass for
 * 4 + 5 (omaha_hilo packs the bytes with struct, which checks their count
 * and that every card is an int 0..255). */
int32_t hf_omaha_river4(const char *cards);
int32_t hf_omaha_river5(const char *cards);
int32_t hf_omaha_river6(const char *cards);

/* As hf_omaha, and which five cards made each half. Of equal hands the
 * first in enumeration order wins (hole pairs, then board triples, each in
 * the order given, lexicographically). Returns 0 or HF_ERR_*. */
int32_t hf_omaha_best(const int32_t *hole, int32_t n_hole,
                      const int32_t *board, int32_t n_board,
                      hf_hand *out);

/* ---- Settlement (settle.c): pay out a hand's pots at showdown ---- */

/* Exactly the payouts of hilo_fast.core.showdown.showdown(): side pots at each
 * live seat's contribution level, folded seats' chips as dead money, hi/lo
 * split per pot, ties and odd chips clockwise from the first seat left of
 * the button (odd_chip_low = 1 gives a split's odd chip to the low half).
 * holes is n_seats (2..10) x n_hole (4..6), row-major; board is 5 cards;
 * seat i is live (not folded) when live[i] != 0, and only live seats' cards
 * are read and checked. contributions are the chips each seat put in (>= 0,
 * total below 2^62). Writes payouts[0..n_seats-1] (written last, so it may
 * alias the inputs) and returns 0, or returns HF_ERR_* with payouts
 * untouched: HF_ERR_COUNT for a NULL pointer, a count, button or
 * odd_chip_low out of range, no live seat or bad chips (checked before any
 * card), else the first bad card of the board, then of each live seat. */
int32_t hf_settle(int32_t n_seats, const int32_t *holes, int32_t n_hole,
                  const int32_t *board, const uint8_t *live,
                  const int64_t *contributions, int32_t button,
                  int32_t odd_chip_low, int64_t *payouts);

/* As hf_settle, from hand values already known and on n_boards (1..52) boards
 * (double board, or the runs of run-it-N): high and low hold n_boards x
 * n_seats values, board-major (board b's value of seat s at b * n_seats + s),
 * read for live seats only: high 1..7462, low 1..56 or 0 for no low (pass
 * low 0 for every seat to settle a high-only game). Each contested pot (main
 * and side) is divided equally among the boards, its odd chips one each to
 * the first boards; each board's share splits hi/lo among that board's
 * winners as in hf_settle (odd chip of the split to the high half unless
 * odd_chip_low, a half's remainder clockwise from the first seat left of the
 * button). Uncontested chips go back whole. Returns 0 with payouts[0..n_seats-1]
 * written last (it may alias the inputs), or HF_ERR_COUNT with payouts
 * untouched for a NULL pointer, n_boards outside 1..52, n_seats, button or
 * odd_chip_low out of range, no live seat, bad chips (as hf_settle) or a
 * live seat's value out of range. */
int32_t hf_settle_boards(int32_t n_seats, int32_t n_boards, const int32_t *high,
                         const int32_t *low, const uint8_t *live,
                         const int64_t *contributions, int32_t button,
                         int32_t odd_chip_low, int64_t *payouts);

/* ---- Equity (equity.c): exhaustive and Monte Carlo Omaha Hi-Lo equity ----
 *
 * A spot: n_players (2..10) hands of n_hole (4..6) cards each, flat in
 * `holes`; a player whose cards are all -1 is dealt a random hand. `board`
 * holds 0, 3, 4 or 5 known cards, `dead` cards known to be out of the deck.
 * A deal fills, in order, each random player's hand and then the rest of
 * the board from the unknown cards (ascending), each a combination in
 * lexicographic order; deal k is the mixed-radix number whose last digit
 * is the board. Chunks of deals are summed into a tally of integers, so
 * tallies of any split into chunks add up to the same numbers. */

/* Pot shares are counted in 1/5040 of a pot: each half (2520) divides
 * evenly among any number of tied players up to 10. One call settles at
 * most HF_EQUITY_MAX_COUNT (2^30) deals, so no sum can overflow 64 bits. */
enum { HF_EQUITY_POT = 5040, HF_EQUITY_MAX_PLAYERS = 10, HF_EQUITY_MAX_COUNT = 1073741824 };

/* Integer sums over deals; index [p] is player p. Python flattens a tally
 * to [deals, no_low, then for each player the seven per-player fields in
 * this order]; the backends read the order from this struct. */
typedef struct {
    int64_t deals;            /* deals (boards or samples) settled */
    int64_t no_low;           /* deals where nobody made a qualifying low */
    int64_t share[10];        /* pot won, in 1/HF_EQUITY_POT units */
    int64_t share_sq[10];     /* sum of squared shares (for the standard error) */
    int64_t scoop[10];        /* deals won whole and alone */
    int64_t win_high[10];     /* best high alone */
    int64_t tie_high[10];     /* best high shared */
    int64_t win_low[10];      /* best qualifying low alone */
    int64_t tie_low[10];      /* best qualifying low shared */
} hf_equity_tally;

/* Number of distinct deals of the spot, or HF_ERR_* (also HF_ERR_COUNT when
 * it would not fit in 62 bits). */
int64_t hf_equity_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead);

/* Settle deals first .. first + count - 1 into *out (zeroed first).
 * Returns 0 or HF_ERR_* (HF_ERR_COUNT for a range outside the deals or
 * longer than HF_EQUITY_MAX_COUNT). */
int32_t hf_equity_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                            const int32_t *board, int32_t n_board,
                            const int32_t *dead, int32_t n_dead,
                            int64_t first, int64_t count, hf_equity_tally *out);

/* Settle `count` random deals into *out (zeroed first). The stream is
 * splitmix64 from `seed`; each deal is a partial Fisher-Yates shuffle of
 * the unknown cards (carried over from the previous deal) whose bounded
 * draws n, n - 1, .. are batched: each run of bounds whose product P fits
 * in 64 bits (cut greedily) takes one splitmix64 word r, each draw is the
 * high word of r * bound and r its low word, and the run is redrawn whole
 * if the final r is below 2^64 mod P (exactly uniform). Returns 0 or
 * HF_ERR_* (HF_ERR_COUNT for a count outside 0..HF_EQUITY_MAX_COUNT). */
int32_t hf_equity_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                         const int32_t *board, int32_t n_board,
                         const int32_t *dead, int32_t n_dead,
                         uint64_t seed, int64_t count, hf_equity_tally *out);

/* ---- Grouped exact equity (enumerate.c) ----
 *
 * The exact tally of a spot whose hands are all known, settling groups of
 * boards instead of boards. The unknown board cards are enumerated as rank
 * multisets with how many suits each rank has left; every board of a
 * multiset has the same non-flush highs and lows, so the group is settled
 * once, weighted by its number of boards. Only boards with three or more
 * cards of a suit in which some player holds two are apart: each such
 * (suit, ranks of that suit) pattern is settled once with its own count.
 * Part `part` of `n_parts` settles every n_parts-th multiset; the tallies
 * of parts 0..n_parts-1 add up to hf_equity_enumerate's over every deal,
 * exactly. Returns 0 or HF_ERR_* (HF_ERR_COUNT also for a random hand or
 * a part outside 0..n_parts-1). */
int32_t hf_equity_exact(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead,
                        int32_t part, int32_t n_parts, hf_equity_tally *out);

/* The same enumeration for several pots at once (a main pot and side pots):
 * pots[k] is the bit mask of the players (bit p: player p) who contest pot
 * k, for k < n_pots (1..HF_EQUITY_MAX_PLAYERS); out[k] gets pot k's tally
 * among its own players, in their order (out[k].share[0] is the share of
 * its lowest-numbered player), equal to hf_equity_exact's for those players
 * with the others' cards dead. Every board is valued once for all the pots.
 * Returns 0 or HF_ERR_* (HF_ERR_COUNT also for a random hand, a pot of
 * fewer than two players or a bit past the players). */
int32_t hf_equity_exact_pots(const int32_t *holes, int32_t n_players, int32_t n_hole,
                             const int32_t *board, int32_t n_board,
                             const int32_t *dead, int32_t n_dead,
                             const uint32_t *pots, int32_t n_pots, hf_equity_tally *out);

/* ---- Equity on several boards (boards.c): double board, run it N times,
 * Omaha high ----
 *
 * Every hand known: n_players (2..10) x n_hole (4..6) cards in `holes` (a
 * random hand is HF_ERR_COUNT). n_boards (1..HF_BOARDS_MAX) boards, row b
 * of `boards` (n_boards x 5) holding board b's n_known[b] (0, 3, 4 or 5)
 * known cards first, the rest of the row not read. A card may be on two
 * boards only at the same place: the runs of run-it-N share the cards
 * dealt before the all-in (double board run twice: boards b1, b2, b1, b2);
 * a double board's boards share none. Otherwise holes, boards and `dead`
 * are distinct. A deal completes board 0, then board 1, ..., from the
 * unknown cards (ascending), each completion a combination in
 * lexicographic order, each from the cards the ones before it left. Each
 * board is worth 1 / n_boards of the pot, the pot counted in
 * hf_boards_pot(n_boards) units; high_only != 0 gives each board's share
 * to its best high alone (Omaha high), else it splits hi/lo as in
 * equity.c (per board: quartering, no low -> high takes it).
 * HF_BOARDS_POT = 10080 is the pot of one or two boards: a half of one of
 * two boards, 2520, divides evenly among up to 10 tied players. */
enum { HF_BOARDS_POT = 10080, HF_BOARDS_MAX = 8 };

/* The units of a pot on n_boards (1..HF_BOARDS_MAX) boards: 5040 x
 * lcm(2, n_boards), so that a half of one board divides among up to 10
 * tied players (HF_BOARDS_POT for one or two); HF_ERR_COUNT otherwise. */
int64_t hf_boards_pot(int32_t n_boards);

/* Integer sums over deals; [p] is player p, [b][p] player p on board b
 * (8: HF_BOARDS_MAX). */
typedef struct {
    int64_t deals;
    int64_t no_low[8];            /* deals where board b paid no low half */
    int64_t share[10];            /* pot won, in 1/hf_boards_pot(n_boards) units */
    int64_t share_sq[10];         /* sum of squared shares */
    int64_t scoop[10];            /* every board won whole and alone */
    int64_t board_scoop[8][10];   /* board b won whole and alone */
    int64_t win_high[8][10];      /* board b's best high alone */
    int64_t tie_high[8][10];      /* board b's best high shared */
    int64_t win_low[8][10];       /* board b's best low alone */
    int64_t tie_low[8][10];       /* board b's best low shared */
} hf_boards_tally;

/* Number of deals, or HF_ERR_* (HF_ERR_COUNT for a bad count, a random
 * hand, cards on two boards at different places, or too few cards). */
int64_t hf_boards_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                        const int32_t *dead, int32_t n_dead);

/* Settle every deal whose board-0 completion has rank r with r % n_parts
 * == part into *out (zeroed first): the tallies of parts 0..n_parts-1 add
 * up to the tally of every deal. Every board after board 0 may miss at
 * most 2 cards (it is known from the flop on), else HF_ERR_COUNT. Returns
 * 0 or HF_ERR_*. */
int32_t hf_boards_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                            const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                            const int32_t *dead, int32_t n_dead, int32_t high_only,
                            int32_t part, int32_t n_parts, hf_boards_tally *out);

/* Settle `count` (0..HF_EQUITY_MAX_COUNT) random deals into *out (zeroed
 * first): per deal, shuffle_prefix of hf_equity_sample (the same stream and
 * batched draws, the unknown cards ascending at first and carried over)
 * draws board 0's missing cards, then board 1's, ... Returns 0 or HF_ERR_*. */
int32_t hf_boards_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                         const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                         const int32_t *dead, int32_t n_dead, int32_t high_only,
                         uint64_t seed, int64_t count, hf_boards_tally *out);

/* hf_boards_sample for n_rows tuples of hands at once (players dealt from
 * ranges, hilo_fast/equity/range_boards.py): row k of `hands` (n_rows x
 * n_players x n_hole) settles counts[k] (>= 0) deals from the stream
 * hf_splitmix64(seed, k), all into one *out (zeroed first); stops at the
 * first row's error. counts sum to at most HF_EQUITY_MAX_COUNT. */
int32_t hf_boards_sample_rows(const int32_t *hands, int32_t n_rows, const int64_t *counts,
                              int32_t n_players, int32_t n_hole,
                              const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                              const int32_t *dead, int32_t n_dead, int32_t high_only,
                              uint64_t seed, hf_boards_tally *out);

/* ---- Range equity (range_equity.c): players dealt from ranges ----
 *
 * As equity.c, and a player may hold a range: ranges[p].n_combos > 0 (its
 * cards in `holes` are -1s, like a random hand's). A range is n_combos rows
 * of n_hole card ids with running sums of positive integer weights
 * (cumulative[i] = w_0 + .. + w_i). Range hands are dealt jointly: a tuple
 * of rows that share a card with each other, a known hand, the board or the
 * dead cards is never dealt; every other tuple has probability proportional
 * to the product of its weights, then random hands and the board are dealt
 * from what is left, as in equity.c.
 *
 * Exhaustive: deal k is tuple k / rest + deal k % rest of hf_equity_enumerate
 * with the tuple's hands known; the tuple's digits in player order, the last
 * range fastest; rest is the same for every tuple. Colliding tuples settle
 * nothing. Every sum is multiplied by the tuple's weight product, except
 * share_sq, left 0 (an exact answer has no error); `settled` counts deals. */
typedef struct {
    const uint8_t *combos;      /* n_combos x n_hole card ids (bytes: a row is one load) */
    const int64_t *cumulative;  /* running sums of the rows' weights */
    int64_t n_combos;           /* 0: not a range (a known or a random hand) */
} hf_range;

typedef struct {
    hf_equity_tally tally;
    int64_t settled;            /* deals settled, unweighted */
} hf_range_tally;

/* Ranges so often colliding that HF_RANGE_MAX_REJECTS tuples in a row were
 * refused: they can hardly (or never) be dealt together. */
enum { HF_ERR_RANGE_CLASH = -7, HF_RANGE_MAX_REJECTS = 100000 };

/* Number of positions (tuples x rest) of the exhaustive enumeration, or
 * HF_ERR_* (HF_ERR_COUNT beyond 62 bits or when the deck runs out). */
int64_t hf_range_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                       const int32_t *board, int32_t n_board,
                       const int32_t *dead, int32_t n_dead, const hf_range *ranges);

/* Settle positions first .. first + count - 1 into *out (zeroed first).
 * high_only != 0 settles Omaha high (no hand makes a low; the high takes
 * every pot). Returns 0 or HF_ERR_*; HF_ERR_COUNT also when the largest
 * weight product times HF_EQUITY_POT times count could pass 2^62. */
int32_t hf_range_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                           const int32_t *board, int32_t n_board,
                           const int32_t *dead, int32_t n_dead, const hf_range *ranges,
                           int32_t high_only, int64_t first, int64_t count,
                           hf_range_tally *out);

/* Settle `count` random deals into *out (zeroed first; unweighted sums,
 * share_sq included). Per deal, from the splitmix64 stream `seed`: each
 * range in player order draws a row, the row whose cumulative sum is the
 * first above a uniform integer below the range's total (a 64-bit draw
 * masked to the total's bit length, redrawn until below it); a tuple that
 * collides is redrawn whole. Then a partial Fisher-Yates shuffle of the
 * unknown cards (ascending at first, carried over from deal to deal; each
 * draw Lemire's bounded integer on the high 32 bits of one splitmix64 output)
 * deals the random hands in player order and then
 * the board, redrawing any card a range hand holds. high_only: as in
 * hf_range_enumerate. */
int32_t hf_range_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead, const hf_range *ranges,
                        int32_t high_only, uint64_t seed, int64_t count, hf_range_tally *out);

/* ---- Batch (batch.c): many Omaha hands in one call ---- */

/* Rows 0 .. n_rows-1 of a batch: holes is n_rows x n_hole (4..6) and boards
 * n_rows x n_board (3..5), both row-major. Checks every card of every row
 * and writes nothing. Returns 0, HF_ERR_COUNT (bad n_hole, n_board, n_rows
 * or a NULL pointer), or the HF_ERR_* of the first bad row, whose index it
 * stores in *bad_row. */
int32_t hf_check_batch(const int32_t *holes, int32_t n_hole,
                       const int32_t *boards, int32_t n_board,
                       int64_t n_rows, int64_t *bad_row);

/* As hf_check_batch, then, only when every row is valid, out_high[i] =
 * high 1..7462 and out_low[i] = low 0..56 of row i. Returns 0 or HF_ERR_*
 * (and *bad_row) with the outputs untouched. Outputs that overlap the
 * inputs or each other are refused with HF_ERR_COUNT (the cards are not
 * checked again while the outputs are written). */
int32_t hf_omaha_batch(const int32_t *holes, int32_t n_hole,
                       const int32_t *boards, int32_t n_board,
                       int64_t n_rows, int32_t *out_high, int32_t *out_low,
                       int64_t *bad_row);

/* As hf_omaha_batch, but each row is checked just before it is evaluated
 * instead of all rows first, so the cards are read from memory once, not
 * twice: for a caller whose outputs nobody sees unless every row is valid
 * (evaluate_batch writes into arrays of its own, split over threads, and
 * copies them out only then). A bad row stops it: HF_ERR_* and *bad_row,
 * with the rows before it possibly written. Overlapping outputs:
 * HF_ERR_COUNT. */
int32_t hf_omaha_batch_rows(const int32_t *holes, int32_t n_hole,
                            const int32_t *boards, int32_t n_board,
                            int64_t n_rows, int32_t *out_high, int32_t *out_low,
                            int64_t *bad_row);

/* ---- Self-play (mersenne.h, hand.c, selfplay.c): the engine in C ----
 *
 * The same hands as hilo_fast.engine.selfplay.simulate with built-in bots, played
 * in C: the same rules (hilo_fast/engine/hand.py), the same shuffles and bot
 * choices (Python's random.Random, whose state the caller copies in), so a
 * seed gives the same chips to the same seats, hand by hand, on both
 * backends. Chips are int64; every total stays below 2^HF_MAX_CHIPS_BITS. */

/* Python's random.Random: MT19937's 624 words and the read position. */
typedef struct {
    uint32_t key[624];
    int32_t pos;
} hf_mt;

/* One hand's settings: its betting structure (hilo_fast.engine.structures.
 * Structure, with the table's options) and the game dealt (hilo_fast.Game).
 * A zeroed tail is today's game: one board, hi/lo, blinds, no straddle. */
typedef struct {
    int32_t limit;      /* 0 fixed, 1 pot, 2 no limit */
    int32_t max_bets;   /* bets per round in fixed limit; 0 = no cap */
    int64_t small_blind, big_blind, ante, small_bet, big_bet;
    int64_t straddle;       /* > 0: a live straddle of this many chips by the seat
                             * left of the big blind (3+ seats dealt in) */
    int64_t bomb_pot;       /* > 0: every seat antes this, no blinds, no pre-flop
                             * betting: the first round is the flop's */
    int32_t single_blind;   /* 1: only the big blind, posted left of the button */
    int32_t high_only;      /* 1: Omaha high, no low half (Game split "high") */
    int32_t exposed;        /* board cards face up before the first round (0..3;
                             * Courchevel 1) */
    int32_t n_boards;       /* 0 or 1: one board; 2: double board */
    int32_t runs;           /* 0 or 1: the board runs once; 2..HF_MAX_RUNS: when
                             * every live seat is all in before the river the
                             * hand stops for hf_hand_runs (one board only) */
} hf_structure;

/* At most this many runs of the board (run it twice, three or four times). */
enum { HF_MAX_RUNS = 4 };

enum { HF_BOT_RANDOM = 0, HF_BOT_CALL = 1, HF_BOT_POT = 2 };

/* ---- The hand (hand.c): one hand as a state machine, the rules engine in C ----
 *
 * The twin of hilo_fast.engine.Hand, action by action: the same legal
 * actions and bounds, the same chips moved, returned and paid, the same
 * showing order (tests/engine/test_hand_native.py plays both on the same deals).
 * Every field is read-only for callers; hf_hand_deal and hf_hand_act are the
 * only writers. Chips at the table stay below 2^HF_MAX_CHIPS_BITS. */

/* An action of the log: amount is the chips a call added, the "to" total of
 * a bet or raise, 0 for a check or fold. */
typedef struct {
    int32_t street, seat, action;
    int64_t amount;
} hf_action;

/* No amount given (fold, check, or a call without the chips named). */
enum { HF_NO_AMOUNT = -1 };
/* hf_hand_act's refusal: the action is not legal now; nothing changed. */
enum { HF_ERR_ILLEGAL = -6 };

typedef struct {
    hf_structure structure;
    int32_t n_seats, hole_count, button, small_blind_seat, big_blind_seat;
    int32_t street, actor;            /* actor -1: nobody is to act */
    int32_t status[10];               /* HF_OUT .. HF_ALL_IN */
    uint8_t pending[10];              /* still has to act this round */
    uint8_t reopen[10];               /* may raise when it acts */
    int64_t stacks[10], bets[10], contributions[10];
    int64_t payouts[10];              /* once over: chips won per seat */
    int64_t returned[10];             /* uncalled chips given back per seat */
    int64_t total;                    /* every chip put in this hand (the pot) */
    int64_t current_bet, min_raise, short_sum;
    int64_t call_amount, min_to, max_to;   /* the actor's options; 0 = not legal */
    int32_t bet_count, last_aggressor;
    int32_t n_live, n_active, n_pending;
    int64_t n_actions;                /* actions applied */
    hf_action last;                   /* the newest entry of the action log */
    int32_t went_to_showdown;
    int32_t showdown_order[10];       /* n_shown seats, first to show first */
    int32_t n_shown;
    int32_t board_shown;              /* board cards dealt so far: 0, 3, 4, 5 */
    int32_t holes[10][6];             /* rows of seats sitting out are -1 */
    int32_t board[5];
    int32_t straddle_seat;            /* the seat that straddled, -1: none */
    /* Boards after the first: double board's second (extra_boards[0]), or the
     * cards of runs 2.. (run r's board: board[0..run_from-1], then
     * extra_boards[r-2][run_from..4]). */
    int32_t extra_boards[HF_MAX_RUNS - 1][5];
    int32_t awaiting_runs;            /* 1: stopped for hf_hand_runs */
    int32_t n_runs;                   /* runs dealt (1 unless agreed) */
    int32_t run_from;                 /* board cards shared by the runs */
} hf_game;

/* Start a hand: `stacks` per seat (0 = sits out), the button a seat with
 * chips. `cards` in dealing order: each seat dealt in, in seat order, its
 * hole_count hole cards, then the 5 board cards (n_cards exactly that
 * many: the first cards of a shuffled deck, as hilo_fast.engine deals).
 * Then posts antes and blinds and opens the pre-flop round. Returns 0, or
 * HF_ERR_COUNT (a structure, count, stack, button or chip total out of
 * range), HF_ERR_TOO_MANY_CHIPS, or the first bad card's HF_ERR_CARD /
 * HF_ERR_DUPLICATE, with *g unspecified. */
int32_t hf_hand_deal(hf_game *g, const hf_structure *structure, int32_t n_seats,
                     int32_t hole_count, const int64_t *stacks, int32_t button,
                     const int32_t *cards, int32_t n_cards);

/* Run the rest of the board `runs` times (1 .. structure.runs: what every
 * live seat agreed to) when the hand stopped for it (awaiting_runs), then
 * settle over the runs. Returns 0, or HF_ERR_ILLEGAL with *g unchanged. */
int32_t hf_hand_runs(hf_game *g, int32_t runs);

/* hf_hand_deal with each seat's own forced bets in place of the structure's
 * (a hand history's or PHH's posts: one blind, straddles, posts out of
 * position): antes[seat] (dead) and blinds[seat] (live), 0 for none and for
 * every seat without chips, posted from the button's left; pre-flop action
 * starts after big_blind (a seat that posts a blind), or after the largest
 * post (the last of equal ones; heads-up the first) when it is -1. The
 * twin of engine._py_hand.HandState.post_given_forced_bets. Returns 0, or
 * HF_ERR_* (hf_hand_deal's, or HF_ERR_COUNT for posts not so). */
int32_t hf_hand_deal_forced(hf_game *g, const hf_structure *structure, int32_t n_seats,
                            int32_t hole_count, const int64_t *stacks, int32_t button,
                            const int32_t *cards, int32_t n_cards, const int64_t *antes,
                            const int64_t *blinds, int32_t big_blind);

/* Apply an action of the actor (HF_FOLD .. HF_RAISE): `amount` the "to"
 * total of a bet or raise, the exact chips of a call or HF_NO_AMOUNT,
 * HF_NO_AMOUNT for a fold or check. Returns 0 (g->last is the log entry),
 * or HF_ERR_ILLEGAL with *g unchanged (the hand is over, an unknown action,
 * or one the legal bounds do not allow), HF_ERR_COUNT for a NULL g. */
int32_t hf_hand_act(hf_game *g, int32_t action, int64_t amount);

/* A self-play session at one table. The caller fills the settings and the
 * starting state; hf_selfplay_run plays on from where it stopped. */
typedef struct {
    /* settings */
    hf_structure games[2];   /* games[(hand / hands_per_game) % n_games] */
    int32_t n_games;         /* 1, or 2 for the mixed game */
    int64_t hands_per_game;
    int32_t n_seats;         /* 2..10 */
    int32_t hole_count;      /* 4..6 */
    int32_t bots[10];        /* HF_BOT_* per seat */
    int64_t rebuy_to;        /* a broke seat buys back in to this (> 0) */
    /* state */
    hf_mt deal_rng;          /* the table's shuffles */
    hf_mt bot_rng;           /* the bots' choices */
    int64_t stacks[10];      /* chips behind before the next hand */
    int64_t rebuys[10];
    int32_t button;          /* the button of the previous hand */
    int64_t hands_played;
    int64_t actions;         /* decisions taken, over all hands */
    int64_t showdowns;       /* hands that went to showdown */
} hf_selfplay;

/* Play `hands` more hands. When stacks_log is not NULL it receives each
 * hand's final stacks (hands x n_seats). Returns 0; HF_ERR_COUNT for a NULL
 * session or a setting or state out of range (checked before anything
 * changes); or, between two hands, HF_ERR_TOO_MANY_CHIPS or
 * HF_ERR_CHIPS_NOT_CONSERVED (hands_played says how many were played). */
int32_t hf_selfplay_run(hf_selfplay *session, int64_t hands, int64_t *stacks_log);

/* ---- The vectorised environment (vector_env.c): many tables, one call ----
 *
 * hilo_fast.envs.VectorEnv's core: tables of one-hand episodes stepped
 * together, each table the twin of an omaha_hilo_v0 environment reset with
 * its seed and then reset again after every hand (the same shuffles from
 * Python's random.Random, the same buttons and schedule), each observation
 * the encoding of hilo_fast.envs.spaces for the seat to act. */

/* The observation vector: where each field starts (float32 items; "seat r"
 * is r seats clockwise from the observer). hilo_fast.envs.spaces reads its
 * layout from these; HF_OBS_SIZE is the vector's length. */
enum {
    HF_OBS_HOLE = 0,          /* 52: the seat's hole cards */
    HF_OBS_BOARD = 52,        /* 52: the board dealt so far */
    HF_OBS_STREET = 104,      /* 4: one-hot pre-flop .. river */
    HF_OBS_LIMIT = 108,       /* 3: one-hot fixed, pot, no limit */
    HF_OBS_POSITION = 111,    /* 10: one-hot seats after the button */
    HF_OBS_IN_HAND = 121,     /* 10: seat r dealt in, not folded */
    HF_OBS_FOLDED = 131,      /* 10 */
    HF_OBS_ALL_IN = 141,      /* 10 */
    HF_OBS_STACK = 151,       /* 10: chips in big blinds from here .. HF_OBS_TO_ACT */
    HF_OBS_BET = 161,         /* 10 */
    HF_OBS_CONTRIBUTED = 171, /* 10 */
    HF_OBS_POT = 181,         /* 1 */
    HF_OBS_TO_CALL = 182,     /* 1 */
    HF_OBS_MIN_TO = 183,      /* 1 */
    HF_OBS_MAX_TO = 184,      /* 1 */
    HF_OBS_TO_ACT = 185,      /* 1 */
    HF_OBS_HIGH = 186,        /* 1 */
    HF_OBS_LOW = 187,         /* 1 */
    HF_OBS_CHECKS = 188,      /* 40: street x seat r */
    HF_OBS_CALLS = 228,       /* 40 */
    HF_OBS_RAISES = 268,      /* 40 */
    HF_OBS_BOARD2 = 308,      /* 52: double board's second board dealt so far */
    HF_OBS_SIZE = 360
};

/* The discrete actions: fold, check/call, bet/raise minimum, half pot, pot,
 * all in (HF_ENV_ACTIONS); the first three when every hand is fixed limit. */
enum { HF_ENV_ACTIONS = 6, HF_ENV_FIXED_ACTIONS = 3 };

/* What every table plays: games[(hand / hands_per_game) % n_games], every
 * episode from `stacks` (each above every game's big blind plus ante, the
 * total below 2^HF_MAX_CHIPS_BITS), the first episode's button first_button
 * and one seat on for each next one, rewards and chip fields in units of
 * big_blind. One-hand episodes count `hand` since the seed; table episodes
 * (omaha_hilo_v0's episode="table": engine.Table seeded by 64 bits of the
 * table's generator, the button moving to the next seat with chips) count
 * it from the episode's first hand. */
typedef struct {
    hf_structure games[2];
    int32_t n_games;          /* 1, or 2 for the mixed game */
    int64_t hands_per_game;   /* > 0 */
    int32_t n_seats;          /* 2..10 */
    int32_t hole_count;       /* 4..6, the deck holding every card dealt */
    int32_t n_actions;        /* HF_ENV_ACTIONS or HF_ENV_FIXED_ACTIONS */
    int32_t first_button;
    int64_t big_blind;        /* > 0 */
    int64_t stacks[10];
    int32_t table_episodes;   /* 0: one hand per episode; 1: hands at one table
                               * (stacks carried over) until a seat busts */
    int64_t max_hands;        /* table episodes: ends one after this many hands (0: never) */
} hf_vector_config;

/* One table. The caller sets rng (random.Random(seed).getstate()) and
 * hand_number = -1 to (re)seed it; everything else is hf_vector_*'s. */
typedef struct {
    hf_mt rng;                    /* the table's shuffles (one-hand episodes) */
    int64_t hand_number;          /* episodes begun since the seed, minus one */
    int32_t button;               /* the episode's first button */
    hf_mt episode_rng;            /* a table episode's shuffles */
    int64_t episode_hands;        /* hands dealt this episode */
    int64_t start[10];            /* the hand's starting stacks */
    hf_game game;
    int32_t history[3][4][10];    /* checks, calls, raises x street x seat */
    int32_t strength_board[10];   /* board cards of strength[seat], 0: none yet */
    float strength[10][2];        /* the seat's high and low, as observed */
} hf_vector_table;

/* Begin the next episode at each of the n tables (at first_button after
 * a seed, else the button one seat on) and write each
 * table's observation of its seat to act: obs (n x HF_OBS_SIZE), masks
 * (n x n_actions, 1 = legal), seats (n). Returns 0, or HF_ERR_COUNT for a
 * NULL pointer, n < 0 or a setting out of range (nothing written). */
int32_t hf_vector_deal(const hf_vector_config *config, hf_vector_table *tables, int64_t n,
                       float *obs, int8_t *masks, int32_t *seats);

/* Apply actions[i] (0..n_actions-1, legal under masks) for the seat to act
 * at each table. done (3 x n) says per table whether a hand ended (done[i]),
 * the episode ended (done[n + i]: one-hand episodes, or a seat busted) or
 * was cut at max_hands (done[2n + i]); rewards[i] (n x n_seats) the chips
 * each seat won or lost in the hands that ended (several when the next
 * hands were over at once: all-in blinds), in big blinds, else 0. A table
 * whose hand ended deals its next one, whose episode ended begins the next.
 * Then obs, masks and seats as hf_vector_deal. Every action is checked
 * first: a value out of range or masked returns HF_ERR_ILLEGAL with
 * *bad_table its table and nothing changed; HF_ERR_COUNT as hf_vector_deal. */
int32_t hf_vector_step(const hf_vector_config *config, hf_vector_table *tables, int64_t n,
                       const int64_t *actions, float *obs, int8_t *masks, int32_t *seats,
                       float *rewards, uint8_t *done, int64_t *bad_table);

/* The observation of `seat` at any hand *game (spaces.encode and
 * spaces.action_mask: the AEC and Gymnasium environments' encoder): obs
 * (HF_OBS_SIZE items) and mask (n_actions; all 0 unless the seat is to
 * act), both written whole; history is the hand's checks, calls and raises
 * as hf_vector_table's (3 x 4 x 10). Returns 0, or HF_ERR_COUNT for a NULL
 * pointer, a seat, big_blind or n_actions out of range, or a hand whose
 * cards or counts are not a dealt hand's (nothing written). */
int32_t hf_env_observe(const hf_game *game, const int32_t *history, int32_t seat,
                       int64_t big_blind, int32_t n_actions, float *obs, int8_t *mask);

/* ---- Solver (csrc/solver): Discounted CFR on a two-player river or turn subgame ----
 *
 * The flat game of hilo_fast.solver.flat: nodes in parent-before-child order
 * (every child's index above its parent's), each a decision (its player's
 * regret and strategy slots offset + a * n_combos[player] + i), a fold
 * (`player` folded: the other wins term_a), a showdown (a player wins
 * share * term_a - term_b, share its part of the pot by hi/lo on board
 * board[node]) or a chance node (the river: child c deals card[c], every
 * value weighted by term_a, combos holding the card left out). Each combo
 * is 4 distinct cards 0..51; high and low hold n_boards rows of one value
 * per combo; low 0 means no qualifying low. Payoffs are
 * zero-sum chips. Every function checks the game first (kinds, players,
 * child indices, slots within sizes, cards) and returns HF_ERR_COUNT or
 * HF_ERR_CARD before touching any array, and -20 when a scratch
 * allocation fails. Nothing is allocated that outlives a call. Node kinds:
 * 0 decision, 1 fold, 2 showdown, 3 chance (csrc/solver/solver.h names them;
 * hilo_fast/solver/flat.py is their Python side). */
typedef struct {
    int32_t n_nodes;
    const int32_t *kind;
    const int32_t *player;
    const int32_t *first_child;
    const int32_t *n_children;
    const int64_t *offset;
    const double *term_a;
    const double *term_b;
    const int32_t *children;
    int32_t n_children_total;
    int32_t n_combos[2];
    const int32_t *cards[2];      /* 4 card ids per combo */
    const double *weights[2];
    const int32_t *high[2];       /* n_boards x n_combos */
    const int32_t *low[2];
    const int32_t *card;          /* per node: the card dealt to reach it, or -1 */
    const int32_t *board;         /* per node: the board a showdown is settled on */
    int32_t n_boards;             /* 1..52 */
    int64_t sizes[2];             /* slots of each player's regret/strategy arrays */
    double regret_floor;          /* regret matching counts regrets above this only: a
                                   * regret that is 0 but for rounding stays 0 */
} hf_solver_game;

/* Discounted CFR (alpha 1.5, beta 0, gamma 2), iterations first .. first +
 * count - 1 (1-based), alternating player 0 then 1; regret and strategy
 * (the sums behind the average strategy) updated in place. threads (>= 1;
 * at most 64 used): the children of each chance node (a turn tree's
 * rivers), or of the root of a river tree, are walked on that many
 * threads, each with scratch of its own; the result is the same bit for bit
 * for any number (one thread on a build without pthreads). Returns 0 or an
 * error. */
int32_t hf_solver_iterate(const hf_solver_game *game, double *regret0, double *regret1,
                          double *strategy0, double *strategy1, int64_t first, int64_t count,
                          int32_t threads);

/* out[0], out[1]: each player's best-response value against the other's
 * strategy; out[2]: player 0's value when both play it (chips per deal of a
 * pair of combos, zero-sum). strategy: action probabilities in the slot
 * layout; threads as hf_solver_iterate. Returns 0 or an error. */
int32_t hf_solver_evaluate(const hf_solver_game *game, const double *strategy0,
                           const double *strategy1, double *out, int32_t threads);

/* For each combo i of `player`, out[i] = sum of reach[j] * share(i, j) and
 * out[n + i] = sum of reach[j], over the opponent's combos j that share no
 * card with i (the sorted sweeps showdowns use). Returns 0 or an error. */
int32_t hf_solver_showdown_sums(const hf_solver_game *game, int32_t player,
                                const double *reach, double *out);
/* ---- Hand classes (analysis/classify.c): what a hand holds on a board ----
 *
 * hilo_fast.analysis.classify's fields, defined there in full. "Unseen" are
 * the cards that are not the hero's, the board's or dead. A rank is 1 + the
 * number of distinct values better than the hero's that some two-card hole
 * of unseen cards makes with the board (1 = the nuts). The outs count unseen
 * cards as the next board card; they are 0 on a river. Flags are 0 or 1. */
typedef struct {
    int32_t high;              /* 1..7462 */
    int32_t high_rank;         /* 1 = the nut high */
    int32_t low;               /* 1..56, 0 = no low */
    int32_t low_rank;          /* 1 = the nut low, 0 = no low */
    int32_t low_counterfeit;   /* cards of a rank of a hero's low card that worsen low_rank */
    int32_t flush_outs;        /* cards that let the hero make a flush he cannot make now */
    int32_t nut_flush_draw;    /* a flush draw holding the top live card of its suit */
    int32_t straight_ranks;    /* ranks that give the hero a higher straight than now */
    int32_t straight_outs;     /* unseen cards of those ranks */
    int32_t low_outs;          /* cards that give a low when the hero has none */
    int32_t nut_low_outs;      /* cards after which the hero holds the nut low, not held now */
    int32_t nut_flush_blocker; /* holds the top live card of a suit that can flush */
    int32_t nut_low_blocker;   /* holds the two lowest low ranks off the board, a low possible */
} hf_class;

/* Classify one hand: hole 4..6 cards, board 3..5, dead 0..52 (distinct).
 * Returns 0 or HF_ERR_*. */
int32_t hf_classify(const int32_t *hole, int32_t n_hole, const int32_t *board, int32_t n_board,
                    const int32_t *dead, int32_t n_dead, hf_class *out);

/* Classify n_rows hands (holes n_rows x n_hole, row-major) on one board:
 * out[i] for row i. The board and dead are checked first (*bad_row = -1),
 * then each row against them (*bad_row = the first bad row), before
 * anything is written. Returns 0 or HF_ERR_*. */
int32_t hf_classify_many(const int32_t *holes, int64_t n_rows, int32_t n_hole,
                         const int32_t *board, int32_t n_board,
                         const int32_t *dead, int32_t n_dead, hf_class *out, int64_t *bad_row);

/* ---- Range against range (analysis/range_vs_range.c): exact on a flop, turn or river ----
 *
 * Two players dealt from ranges (n_a and n_b combos of n_hole cards, with
 * weights), board 3..5 cards, dead cards. Over every runout (the cards to
 * come, from those not on the board or dead) and every pair of combos that
 * share no card with each other or the runout, A's share of the pot (ties
 * and halves split; the whole pot to the high when neither has a low):
 * a_share[i] = sum of weight_b * share, a_weight[i] = sum of weight_b, for
 * each A combo i (its equity is their ratio; A's whole equity is the
 * weight_a-weighted ratio of the sums). Combos must hold no board or dead
 * card. Returns 0 or HF_ERR_* (HF_ERR_COUNT also when memory runs out). */
int32_t hf_range_vs_range(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                          const int32_t *b_combos, const double *b_weights, int64_t n_b,
                          int32_t n_hole, const int32_t *board, int32_t n_board,
                          const int32_t *dead, int32_t n_dead,
                          double *a_share, double *a_weight);

/* The same, with every outcome hf_equity reports: a_tally[i * HF_RVR_FIELDS
 * + f] for A combo i is the sum over its deals (B combo, runout) of weight_b
 * times: f = 0 A's share of the pot, 1 one (the deals by weight), 2 A's high
 * best alone, 3 highs tied, 4 A's low best alone (A has a low, B none or a
 * worse one), 5 lows tied, 6 neither has a low, 7 A scoops (best high alone
 * and the low alone or nobody's), 8 B scoops; f = 9 counts the deals
 * (unweighted). Exact sums in doubles for integer weights below 2^53. */
enum { HF_RVR_FIELDS = 10 };
int32_t hf_range_vs_range_tally(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                                const int32_t *b_combos, const double *b_weights, int64_t n_b,
                                int32_t n_hole, const int32_t *board, int32_t n_board,
                                const int32_t *dead, int32_t n_dead, double *a_tally);

/* ---- Preflop rankings (analysis/ranking.c): whole random tables ----
 *
 * Deal `count` tables of n_players (2..10) hands of n_hole (4 or 5) cards
 * and a 5-card board; the last n_range_seats (0..n_players-1) seats hold
 * combos drawn uniformly from range_combos (n_range rows of n_hole cards,
 * redrawn together until no two share a card), the others random hands
 * from the cards left. For each random seat, its Omaha Hi-Lo pot share s
 * (in 1/HF_EQUITY_POT units) is added to the class c = hand_class[colex
 * rank of its sorted cards] (n_hands = C(52, n_hole) entries in
 * 0..n_classes-1): share_sum[c] += s, share_sq[c] += s * s, samples[c] += 1
 * (n_classes each, added to, not zeroed). The stream is splitmix64 from
 * seed: per deal the range rows (Lemire's bounded draw), then a partial
 * Fisher-Yates shuffle of the ascending remaining cards (draw.h), random
 * seats first, then the board. count is 0..HF_EQUITY_MAX_COUNT. Returns 0
 * or HF_ERR_* (nothing added): HF_ERR_COUNT for a count, size or class out
 * of range, else the first bad range combo's error; and HF_ERR_COUNT, with
 * the deals before it added, when the range seats clash 100,000 draws in a
 * row (combos that (almost) never fit together: a deal would never end). */
int32_t hf_ranking_sample(int32_t n_players, int32_t n_hole,
                          const int32_t *hand_class, int64_t n_hands, int32_t n_classes,
                          const int32_t *range_combos, int64_t n_range, int32_t n_range_seats,
                          uint64_t seed, int64_t count,
                          int64_t *share_sum, int64_t *share_sq, int64_t *samples);
