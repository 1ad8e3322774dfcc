/* c_driver.c: every C entry point fed hostile input, no Python involved.
 *
 * One input is a byte string (the libFuzzer convention): the first byte picks
 * the entry point, the rest become counts, cards and flags. Cards decode to
 * -6..57 plus INT32_MIN/INT32_MAX, counts to -1..9 plus the int32 extremes,
 * and pointers may be NULL; every buffer holds only the cards it claims to
 * hold (it is malloc'd at that size), so an out-of-bounds read is caught by
 * ASan or valgrind. Each answer is checked against an independent expectation
 * (validation spelled out here, the Omaha values by brute force over the
 * 5-card entry points), and a wrong answer aborts like a crash.
 *
 * Built two ways:
 *   cc ... fuzz/c_driver.c $(find csrc -mindepth 2 -name '*.c' ! -path 'csrc/py*') -lm
 *       own main(): random inputs, or the files named on the command line (to
 *       replay a crash); every concept's C but csrc/py/ (the CPython builtins)
 *   clang -DHF_LIBFUZZER -fsanitize=fuzzer,address ...   libFuzzer's main()
 *
 * Adding an entry point: write a drive_xxx(const uint8_t *, size_t) below and
 * append it to DRIVERS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hilo_fast.h"

#define FAIL(...) do { fprintf(stderr, "c_driver: " __VA_ARGS__); fputc('\n', stderr); abort(); } while (0)

/* Answers checked beyond "the right error code": the run's summary line. */
static long valid_checked;
/* Vector steps in a table episode's later hands, and episodes cut at max_hands:
 * that table episodes really run (the summary line says). */
static long table_hands_checked, table_cuts;
/* Hands classified and range-against-range spots checked by brute force. */
static long classes_checked, rvr_checked;

/* ---- reading the input ---- */

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t pos;
} reader;

static uint8_t next_byte(reader *r)
{
    return r->pos < r->size ? r->data[r->pos++] : 0;
}

/* A deck shuffled by an LCG stream seeded from input bytes: distinct cards
 * for the plausible inputs, so that they are valid and get checked. */
static void shuffled_deck(int32_t deck[52], uint64_t *mix)
{
    for (int32_t c = 0; c < 52; c++)
        deck[c] = c;
    for (int32_t c = 51; c > 0; c--) {
        *mix = *mix * 6364136223846793005ull + 1442695040888963407ull;
        int32_t j = (int32_t)((*mix >> 33) % (uint64_t)(c + 1)), t = deck[c];
        deck[c] = deck[j];
        deck[j] = t;
    }
}

/* Mostly plausible ids, often just outside 0..51, sometimes extreme. */
static int32_t next_card(reader *r)
{
    uint8_t b = next_byte(r);
    if (b == 0xff)
        return INT32_MIN;
    if (b == 0xfe)
        return INT32_MAX;
    return (int32_t)(b % 64) - 6;
}

/* A count: usually near the legal range, sometimes negative or huge. */
static int32_t next_count(reader *r)
{
    uint8_t b = next_byte(r);
    if (b == 0xff)
        return INT32_MIN;
    if (b == 0xfe)
        return INT32_MAX;
    return (int32_t)(b % 11) - 1;
}

/* A heap buffer of exactly max(n, 0) cards (at most 9: the rest of a huge
 * claimed count is never allocated, so reading it is an error the tools
 * report), or NULL. Plausible cards are ids 0..51 (duplicates still happen),
 * so that about half of the plausible hands are valid and get brute-forced. */
static int32_t *next_cards(reader *r, int32_t n, int as_null, int plausible)
{
    int32_t len = n < 0 ? 0 : n > 9 ? 9 : n;
    if (as_null)
        return NULL;
    int32_t *cards = malloc(sizeof(int32_t) * (size_t)(len ? len : 1));
    if (!cards)
        FAIL("out of memory");
    for (int32_t i = 0; i < len; i++)
        cards[i] = plausible ? next_byte(r) % 52 : next_card(r);
    return cards;
}

/* ---- the expectation, written independently of the C core ---- */

/* The error code the contract asks for: counts first, then the first card
 * that is out of range (HF_ERR_CARD) or already seen (HF_ERR_DUPLICATE). */
static int32_t expected_error(const int32_t *a, int32_t na, const int32_t *b, int32_t nb)
{
    int seen[52] = { 0 };
    for (int32_t k = 0; k < na + nb; k++) {
        int32_t card = k < na ? a[k] : b[k - na];
        if (card < 0 || card > 51)
            return HF_ERR_CARD;
        if (seen[card]++)
            return HF_ERR_DUPLICATE;
    }
    return 0;
}

/* Nothing written on an error: every byte of an output still holds its fill. */
static void check_untouched(const void *out, size_t bytes, uint8_t fill, const char *what,
                            int32_t err)
{
    for (size_t k = 0; out && k < bytes; k++)
        if (((const uint8_t *)out)[k] != fill)
            FAIL("%s: output written on error %d", what, err);
}

/* The same for payouts filled with -77. */
static void check_payouts_untouched(const int64_t *payouts, int32_t n, const char *what,
                                    int32_t err)
{
    for (int32_t s = 0; payouts && s < n; s++)
        if (payouts[s] != -77)
            FAIL("%s: payouts written on error %d", what, err);
}

/* The board and then the dead cards in one list (both already known valid,
 * so nb + nd <= 14); dead may be NULL when nd is 0. */
static void join_known(int32_t known[14], const int32_t *board, int32_t nb, const int32_t *dead,
                       int32_t nd)
{
    memcpy(known, board, sizeof(int32_t) * (size_t)nb);
    if (nd)
        memcpy(known + nb, dead, sizeof(int32_t) * (size_t)nd);
}

static int low_qualifies(const int32_t five[5])
{
    int ranks_seen[13] = { 0 };
    for (int i = 0; i < 5; i++) {
        int rank = five[i] / 4;
        if (!(rank <= 6 || rank == 12) || ranks_seen[rank]++)
            return 0;
    }
    return 1;
}

/* ---- one driver per entry point ---- */

static void check_five(int32_t (*eval)(const int32_t[5]), const char *name,
                       const int32_t *cards, int32_t n, int32_t got, int32_t top)
{
    int32_t want = n != 5 ? HF_ERR_COUNT : expected_error(cards, 5, NULL, 0);
    if (want < 0) {
        if (got != want)
            FAIL("%s: expected error %d, got %d", name, want, got);
        return;
    }
    if (got < (top == 56 ? 0 : 1) || got > top)
        FAIL("%s: value %d outside the range", name, got);
    int32_t rotated[5];
    for (int i = 0; i < 5; i++)
        rotated[i] = cards[(i + 2) % 5];
    if (eval(rotated) != got)
        FAIL("%s: answer depends on card order", name);
    if (top == 56 && (got != 0) != low_qualifies(cards))
        FAIL("low5: qualification wrong (value %d)", got);
    valid_checked++;
}

static void drive_five(const uint8_t *data, size_t size, int high)
{
    reader r = { data, size, 0 };
    int32_t cards[5];
    int32_t n = 5;
    for (int i = 0; i < 5; i++)
        cards[i] = next_card(&r);
    if (next_byte(&r) == 0x42) {  /* the only count error a fixed array allows */
        if ((high ? hf_high5(NULL) : hf_low5(NULL)) != HF_ERR_COUNT)
            FAIL("5-card evaluator accepted NULL");
        return;
    }
    /* Exactly five ints on the heap, so a sixth read is caught. */
    int32_t *heap = malloc(sizeof cards);
    if (!heap)
        FAIL("out of memory");
    memcpy(heap, cards, sizeof cards);
    if (high)
        check_five(hf_high5, "high5", heap, n, hf_high5(heap), 7462);
    else
        check_five(hf_low5, "low5", heap, n, hf_low5(heap), 56);
    free(heap);
}

static void drive_high5(const uint8_t *data, size_t size) { drive_five(data, size, 1); }
static void drive_low5(const uint8_t *data, size_t size) { drive_five(data, size, 0); }

/* Brute force: best high and low over every 2-hole x 3-board choice. */
static void brute_omaha(const int32_t *hole, int32_t nh, const int32_t *board, int32_t nb,
                        int32_t *high, int32_t *low)
{
    *high = 7463;
    *low = 0;
    for (int32_t i = 0; i < nh; i++)
        for (int32_t j = i + 1; j < nh; j++)
            for (int32_t a = 0; a < nb; a++)
                for (int32_t b = a + 1; b < nb; b++)
                    for (int32_t c = b + 1; c < nb; c++) {
                        int32_t five[5] = { hole[i], hole[j], board[a], board[b], board[c] };
                        int32_t h = hf_high5(five), l = hf_low5(five);
                        if (h < *high)
                            *high = h;
                        if (l && (!*low || l < *low))
                            *low = l;
                    }
}

/* True when five cards are two distinct hole cards then three distinct board cards. */
static int is_omaha_choice(const int32_t five[5], const int32_t *hole, int32_t nh,
                           const int32_t *board, int32_t nb)
{
    int found = 0;
    for (int k = 0; k < 5; k++)
        for (int32_t i = 0; i < (k < 2 ? nh : nb); i++)
            found += five[k] == (k < 2 ? hole : board)[i];
    return found == 5 && five[0] != five[1]
        && five[2] != five[3] && five[2] != five[4] && five[3] != five[4];
}

static void drive_omaha(const uint8_t *data, size_t size, int best)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;  /* legal counts and ids, the common case */
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? 3 + next_byte(&r) % 3 : next_count(&r);
    int32_t *hole = next_cards(&r, nh, !plausible && (flags & 1), plausible);
    int32_t *board = next_cards(&r, nb, !plausible && (flags & 2), plausible);
    int null_out = best && !plausible && (flags & 4);

    int32_t want = (!hole || !board || nh < 4 || nh > 6 || nb < 3 || nb > 5 || null_out)
                 ? HF_ERR_COUNT : expected_error(hole, nh, board, nb);
    hf_hand out;
    memset(&out, 0x5a, sizeof out);
    int32_t got = best ? hf_omaha_best(hole, nh, board, nb, null_out ? NULL : &out)
                       : hf_omaha(hole, nh, board, nb);
    const char *name = best ? "omaha_best" : "omaha";
    if (want < 0 || got < 0) {
        if (got != want)
            FAIL("%s: expected %d, got %d (nh=%d nb=%d)", name, want, got, nh, nb);
    } else {
        int32_t high, low;
        brute_omaha(hole, nh, board, nb, &high, &low);
        int32_t got_high = best ? out.high : got >> 8, got_low = best ? out.low : got & 0xff;
        if (best && got != 0)
            FAIL("omaha_best: returned %d on success", got);
        if (got_high != high || got_low != low)
            FAIL("%s: (%d, %d), brute force says (%d, %d)", name, got_high, got_low, high, low);
        if (best) {
            if (!is_omaha_choice(out.high_cards, hole, nh, board, nb)
                || hf_high5(out.high_cards) != high)
                FAIL("omaha_best: high cards do not make the high");
            if (low ? !is_omaha_choice(out.low_cards, hole, nh, board, nb)
                          || hf_low5(out.low_cards) != low
                    : out.low_cards[0] != -1 || out.low_cards[4] != -1)
                FAIL("omaha_best: low cards do not make the low");
        }
        valid_checked++;
    }
    if (!best && hole && board && nb == 5 && nh >= 4 && nh <= 6) {  /* the one-byte-a-card entries */
        char bytes[11];
        int fits = 1;
        for (int32_t i = 0; i < nh + 5; i++) {
            int32_t card = i < nh ? hole[i] : board[i - nh];
            fits &= card >= 0 && card < 256;
            bytes[i] = (char)card;
        }
        int32_t river = nh == 4 ? hf_omaha_river4(bytes) : nh == 5 ? hf_omaha_river5(bytes)
                      : hf_omaha_river6(bytes);
        if (fits && river != got)
            FAIL("omaha_river%d: %d, hf_omaha says %d", nh, river, got);
    }
    free(hole);
    free(board);
}

static void drive_omaha_packed(const uint8_t *data, size_t size) { drive_omaha(data, size, 0); }

/* hf_omaha_bytes: the cards as exactly n_hole + n_board bytes on the heap
 * (any byte value), the answer hf_omaha's on the same ids. */
static void drive_omaha_bytes(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? 3 + next_byte(&r) % 3 : next_count(&r);
    int32_t lh = nh < 0 ? 0 : nh > 9 ? 9 : nh, lb = nb < 0 ? 0 : nb > 9 ? 9 : nb;
    int valid_shape = nh >= 4 && nh <= 6 && nb >= 3 && nb <= 5;
    char *cards = (!plausible && (flags & 1)) ? NULL : malloc((size_t)(lh + lb + 1));
    int32_t ids[18];
    for (int32_t i = 0; i < lh + lb; i++) {
        uint8_t b = plausible ? next_byte(&r) % 52 : next_byte(&r);
        ids[i] = b;
        if (cards)
            cards[i] = (char)b;
    }
    int32_t got = hf_omaha_bytes(cards, nh, nb);
    int32_t want = !cards || !valid_shape ? HF_ERR_COUNT : hf_omaha(ids, nh, ids + nh, nb);
    if (got != want)
        FAIL("omaha_bytes: expected %d, got %d (nh=%d nb=%d)", want, got, nh, nb);
    valid_checked += got >= 0;
    free(cards);
}
static void drive_omaha_best(const uint8_t *data, size_t size) { drive_omaha(data, size, 1); }

/* ---- equity (equity.c) ---- */

/* Lexicographic successor of a k-combination of 0..m-1; 0 after the last. */
static int next_combo(int32_t *idx, int32_t m, int32_t k)
{
    int32_t i = k - 1;
    while (i >= 0 && idx[i] == m - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int32_t j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* One deal settled the way the rules say (docs/rules.md section 2), from
 * hf_omaha alone: best high takes the pot, or half when someone has a
 * qualifying low; each half is split evenly among the tied players. */
static void settle_by_hand(const int32_t *holes, int32_t np, int32_t nh, const int32_t board[5],
                           hf_equity_tally *t)
{
    int32_t high[10], low[10], best_high = 1 << 30, best_low = 1 << 30, n_high = 0, n_low = 0;
    for (int32_t p = 0; p < np; p++) {
        int32_t v = hf_omaha(holes + p * nh, nh, board, 5);
        if (v < 0)
            FAIL("equity brute force: hf_omaha error %d", v);
        high[p] = v >> 8;
        low[p] = v & 0xff;
        if (high[p] < best_high)
            best_high = high[p];
        if (low[p] && low[p] < best_low)
            best_low = low[p];
    }
    for (int32_t p = 0; p < np; p++) {
        n_high += high[p] == best_high;
        n_low += low[p] == best_low;
    }
    t->deals++;
    t->no_low += !n_low;
    int32_t pot = HF_EQUITY_POT, half = pot / 2;
    for (int32_t p = 0; p < np; p++) {
        int64_t share = 0;
        if (high[p] == best_high) {
            share += (n_low ? half : pot) / n_high;
            (n_high == 1 ? t->win_high : t->tie_high)[p]++;
        }
        if (n_low && low[p] == best_low) {
            share += half / n_low;
            (n_low == 1 ? t->win_low : t->tie_low)[p]++;
        }
        t->share[p] += share;
        t->share_sq[p] += share * share;
        t->scoop[p] += share == pot;
    }
}

static void same_tally(const hf_equity_tally *a, const hf_equity_tally *b, int32_t np,
                       const char *what)
{
    int same = a->deals == b->deals && a->no_low == b->no_low;
    for (int32_t p = 0; p < np; p++)
        same = same && a->share[p] == b->share[p] && a->share_sq[p] == b->share_sq[p]
            && a->scoop[p] == b->scoop[p] && a->win_high[p] == b->win_high[p]
            && a->tie_high[p] == b->tie_high[p] && a->win_low[p] == b->win_low[p]
            && a->tie_low[p] == b->tie_low[p];
    if (!same)
        FAIL("equity: %s (deals %lld vs %lld)", what, (long long)a->deals, (long long)b->deals);
}

/* Invariants of any tally: the pot is handed out whole on every deal. */
static void check_tally(const hf_equity_tally *t, int32_t np, int64_t deals)
{
    int64_t shares = 0, wins_high = 0;
    if (t->deals != deals || t->no_low < 0 || t->no_low > deals)
        FAIL("equity: %lld deals settled, asked for %lld", (long long)t->deals, (long long)deals);
    for (int32_t p = 0; p < np; p++) {
        shares += t->share[p];
        wins_high += t->win_high[p];
        if (t->scoop[p] > deals || t->share_sq[p] < t->share[p])
            FAIL("equity: player %d tally out of range", p);
    }
    for (int32_t p = np; p < 10; p++)
        if (t->share[p] || t->scoop[p])
            FAIL("equity: a share for player %d of %d", p, np);
    if (shares != deals * HF_EQUITY_POT || wins_high > deals)
        FAIL("equity: pots handed out %lld of %lld", (long long)shares,
             (long long)(deals * HF_EQUITY_POT));
}

/* The error the contract asks for: counts and pointers, then the cards of
 * each known hand (a hand of -1s is random), board, dead; then enough cards. */
static int32_t equity_expected_error(const int32_t *holes, int32_t np, int32_t nh,
                                     const int32_t *board, int32_t nb,
                                     const int32_t *dead, int32_t nd, int32_t *n_random)
{
    if (np < 2 || np > 10 || nh < 4 || nh > 6 || !(nb == 0 || (nb >= 3 && nb <= 5))
        || nd < 0 || nd > 52 || !holes || (nb && !board) || (nd && !dead))
        return HF_ERR_COUNT;
    int32_t cards[52 + 60 + 5], n = 0;
    *n_random = 0;
    for (int32_t p = 0; p < np; p++) {
        int random = 1;
        for (int32_t i = 0; i < nh; i++)
            random &= holes[p * nh + i] == -1;
        *n_random += random;
        for (int32_t i = 0; i < nh && !random; i++)
            cards[n++] = holes[p * nh + i];
    }
    for (int32_t i = 0; i < nb; i++)
        cards[n++] = board[i];
    for (int32_t i = 0; i < nd; i++)
        cards[n++] = dead[i];
    int32_t err = expected_error(cards, n, NULL, 0);
    if (err)
        return err;
    return 52 - n < *n_random * nh + 5 - nb ? HF_ERR_COUNT : 0;
}

/* Players' hands: mostly distinct valid cards or a random hand (all -1),
 * sometimes hostile. Counts are capped at what is allocated. */
static void drive_equity(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t np = plausible ? 2 + next_byte(&r) % 3 : next_count(&r);
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? (int32_t[]){ 0, 3, 4, 5, 5, 4 }[next_byte(&r) % 6] : next_count(&r);
    int32_t nd = plausible ? next_byte(&r) % 3 : next_count(&r);
    int32_t cap_np = np < 0 ? 0 : np > 11 ? 11 : np, cap_nh = nh < 0 ? 0 : nh > 7 ? 7 : nh;
    int32_t n_holes = cap_np * cap_nh;
    /* Plausible cards come off a deck shuffled by two input bytes, so they
     * are distinct. */
    int32_t deck[52], dealt = 0;
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    for (int32_t i = 0; i < 52; i++)
        deck[i] = i;
    for (int32_t i = 51; i > 0 && plausible; i--) {
        mix = mix * 6364136223846793005ull + 1442695040888963407ull;
        int32_t j = (int32_t)((mix >> 33) % (uint64_t)(i + 1)), c = deck[i];
        deck[i] = deck[j];
        deck[j] = c;
    }
    int32_t *holes = (flags & 1) && !plausible ? NULL
                   : malloc(sizeof(int32_t) * (size_t)(n_holes ? n_holes : 1));
    if (!holes && !((flags & 1) && !plausible))
        FAIL("out of memory");
    for (int32_t p = 0; holes && p < cap_np; p++) {
        int random = plausible && next_byte(&r) < 40;
        for (int32_t i = 0; i < cap_nh; i++)
            holes[p * cap_nh + i] = random ? -1 : plausible ? deck[dealt++] : next_card(&r);
    }
    int32_t *board = next_cards(&r, nb, !plausible && (flags & 2), 0);
    int32_t *dead = next_cards(&r, nd, !plausible && (flags & 4), 0);
    for (int32_t i = 0; plausible && i < nb; i++)
        board[i] = deck[dealt++];
    for (int32_t i = 0; plausible && i < nd; i++)
        dead[i] = deck[dealt++];
    int null_out = !plausible && (flags & 16);
    int32_t n_random = 0;
    int32_t want = equity_expected_error(holes, np, nh, board, nb, dead, nd, &n_random);
    int64_t deals = hf_equity_deals(holes, np, nh, board, nb, dead, nd);
    if (want && deals != want)
        FAIL("equity_deals: expected %d, got %lld", want, (long long)deals);
    if (!want && deals < 1 && deals != HF_ERR_COUNT)
        FAIL("equity_deals: %lld deals for a valid spot", (long long)deals);

    hf_equity_tally t, u, v;
    memset(&t, 0x5a, sizeof t);
    uint8_t mode = next_byte(&r);
    if (mode & 1) {  /* Monte Carlo: a few samples, twice with one seed */
        uint64_t seed = (uint64_t)next_byte(&r) << 56 | next_byte(&r);
        int64_t count = plausible ? next_byte(&r) % 6 : (int64_t)next_count(&r);
        int32_t got = hf_equity_sample(holes, np, nh, board, nb, dead, nd, seed, count,
                                       null_out ? NULL : &t);
        int32_t expect = want ? want : (null_out || count < 0) ? HF_ERR_COUNT : 0;
        if (got != expect)
            FAIL("equity_sample: expected %d, got %d", expect, got);
        if (!got) {
            check_tally(&t, np, count);
            hf_equity_sample(holes, np, nh, board, nb, dead, nd, seed, count, &u);
            same_tally(&t, &u, np, "one seed, two different tallies");
            valid_checked++;
        }
    } else {  /* exhaustive: a window of deals, checked against a split and a brute force */
        int64_t first = plausible ? next_byte(&r) % 64 : (int64_t)next_count(&r) * 1000003;
        int64_t count = plausible ? next_byte(&r) % 48 : (int64_t)next_count(&r);
        if (!plausible && (next_byte(&r) & 1) && deals > 0)
            first = deals - count + (int64_t)(next_byte(&r) % 3) - 1;  /* around the end */
        int32_t got = hf_equity_enumerate(holes, np, nh, board, nb, dead, nd, first, count,
                                          null_out ? NULL : &t);
        int32_t expect = want ? want
                       : (null_out || deals < 0 || first < 0 || count < 0 || first > deals - count)
                       ? HF_ERR_COUNT : 0;
        if (got != expect)
            FAIL("equity_enumerate: expected %d, got %d (first %lld count %lld of %lld)", expect,
                 got, (long long)first, (long long)count, (long long)deals);
        if (!got) {
            check_tally(&t, np, count);
            int64_t half = count / 2;
            hf_equity_enumerate(holes, np, nh, board, nb, dead, nd, first, half, &u);
            hf_equity_enumerate(holes, np, nh, board, nb, dead, nd, first + half, count - half, &v);
            for (int32_t p = 0; p < 10; p++) {
                u.share[p] += v.share[p]; u.share_sq[p] += v.share_sq[p];
                u.scoop[p] += v.scoop[p]; u.win_high[p] += v.win_high[p];
                u.tie_high[p] += v.tie_high[p]; u.win_low[p] += v.win_low[p];
                u.tie_low[p] += v.tie_low[p];
            }
            u.deals += v.deals;
            u.no_low += v.no_low;
            same_tally(&t, &u, np, "two halves do not add up to the whole");
            if (n_random == 0 && nb >= 3) {  /* board-only deals: brute force them */
                int32_t deck[52], n_deck = 0, k = 5 - nb, idx[2] = { 0, 1 }, full[5];
                uint64_t used = 0;
                for (int32_t i = 0; i < np * nh; i++) used |= (uint64_t)1 << holes[i];
                for (int32_t i = 0; i < nb; i++) used |= (uint64_t)1 << board[i];
                for (int32_t i = 0; i < nd; i++) used |= (uint64_t)1 << dead[i];
                for (int32_t c = 0; c < 52; c++)
                    if (!(used >> c & 1))
                        deck[n_deck++] = c;
                memset(&u, 0, sizeof u);
                memcpy(full, board, sizeof(int32_t) * (size_t)nb);
                for (int64_t deal = 0; deal < first + count; deal++) {
                    for (int32_t i = 0; i < k; i++)
                        full[nb + i] = deck[idx[i]];
                    if (deal >= first)
                        settle_by_hand(holes, np, nh, full, &u);
                    if (k)
                        next_combo(idx, n_deck, k);
                }
                same_tally(&t, &u, np, "enumeration differs from settling each board by hand");
            }
            valid_checked++;
        }
    }
    /* The grouped exact enumeration (enumerate.c): the same errors, and with
     * every hand known and a board dealt (few deals), its parts add up to
     * the brute force's tally over every deal. */
    int32_t n_parts = 1 + next_byte(&r) % 3;
    int32_t got = hf_equity_exact(holes, np, nh, board, nb, dead, nd, 0, n_parts,
                                  null_out ? NULL : &t);
    int32_t expect = want ? want : (null_out || n_random) ? HF_ERR_COUNT : 0;
    if (got != expect)
        FAIL("equity_exact: expected %d, got %d", expect, got);
    if (!got && nb >= 3) {
        memset(&u, 0, sizeof u);
        for (int32_t part = 0; part < n_parts; part++) {
            if (hf_equity_exact(holes, np, nh, board, nb, dead, nd, part, n_parts, &v))
                FAIL("equity_exact: part %d of %d refused", part, n_parts);
            u.deals += v.deals;
            u.no_low += v.no_low;
            for (int32_t p = 0; p < 10; p++) {
                u.share[p] += v.share[p]; u.share_sq[p] += v.share_sq[p];
                u.scoop[p] += v.scoop[p]; u.win_high[p] += v.win_high[p];
                u.tie_high[p] += v.tie_high[p]; u.win_low[p] += v.win_low[p];
                u.tie_low[p] += v.tie_low[p];
            }
        }
        hf_equity_enumerate(holes, np, nh, board, nb, dead, nd, 0, deals, &t);
        same_tally(&t, &u, np, "grouped enumeration differs from the brute force");
        valid_checked++;
    }
    /* Several pots at once (hf_equity_exact_pots): the same errors, also for
     * a pot count outside 1..10, a pot of fewer than two players or a player
     * past np; each pot's tally is hf_equity_exact's for its players, the
     * others' cards dead. */
    uint32_t pots[11];
    int32_t n_pots = next_byte(&r) % 12;
    int bad_pot = n_pots < 1 || n_pots > 10;
    for (int32_t k = 0; k < n_pots; k++) {
        pots[k] = (uint32_t)next_byte(&r) | (uint32_t)(next_byte(&r) % 8) << 8;
        int32_t bits = 0;
        for (uint32_t m = pots[k]; m; m &= m - 1)
            bits++;
        if (bits < 2 || (np >= 0 && np < 32 && pots[k] >> np))
            bad_pot = 1;
    }
    hf_equity_tally many[10];
    got = hf_equity_exact_pots(holes, np, nh, board, nb, dead, nd, pots, n_pots,
                               null_out ? NULL : many);
    expect = want ? want : (null_out || n_random || bad_pot) ? HF_ERR_COUNT : 0;
    if (got != expect)
        FAIL("equity_exact_pots: expected %d, got %d", expect, got);
    if (!got && nb >= 3) {
        for (int32_t k = 0; k < n_pots; k++) {
            int32_t mine[60], others[60], n_mine = 0, n_others = nd;
            for (int32_t i = 0; i < nd; i++)
                others[i] = dead[i];
            for (int32_t p = 0; p < np; p++)
                for (int32_t i = 0; i < nh; i++) {
                    if (pots[k] >> p & 1)
                        mine[n_mine++] = holes[p * nh + i];
                    else
                        others[n_others++] = holes[p * nh + i];
                }
            if (hf_equity_exact(mine, n_mine / nh, nh, board, nb, others, n_others, 0, 1, &v))
                FAIL("equity_exact_pots: pot %d alone refused", k);
            same_tally(&v, &many[k], n_mine / nh, "a pot of equity_exact_pots differs from "
                       "equity_exact for its players alone");
        }
        valid_checked++;
    }
    free(holes);
    free(board);
    free(dead);
}

/* ---- batch (batch.c) ---- */

/* Rows of exactly-sized heap buffers: valid rows dealt off a shuffled deck,
 * sometimes one bad card planted; or hostile shapes. Each answer must be
 * hf_omaha's for that row; on a bad row, its index and code, outputs untouched. */
static void drive_batch(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? 3 + next_byte(&r) % 3 : next_count(&r);
    int64_t rows = plausible ? next_byte(&r) % 7 : (int64_t)next_count(&r);
    int32_t cap_h = nh < 0 ? 0 : nh > 7 ? 7 : nh, cap_b = nb < 0 ? 0 : nb > 7 ? 7 : nb;
    int64_t cap_rows = rows < 0 ? 0 : rows > 9 ? 9 : rows;
    if (rows > cap_rows && nh >= 4 && nh <= 6 && nb >= 3 && nb <= 5)
        rows = cap_rows;  /* the C trusts n_rows to fit the buffers: only a valid shape reads */
    size_t n_cards_h = (size_t)(cap_rows * cap_h), n_cards_b = (size_t)(cap_rows * cap_b);
    int32_t *holes = (!plausible && (flags & 1)) ? NULL : malloc(sizeof(int32_t) * (n_cards_h + 1));
    int32_t *boards = (!plausible && (flags & 2)) ? NULL : malloc(sizeof(int32_t) * (n_cards_b + 1));
    int32_t *high = malloc(sizeof(int32_t) * (size_t)(cap_rows + 1));
    int32_t *low = malloc(sizeof(int32_t) * (size_t)(cap_rows + 1));
    if (!high || !low)
        FAIL("out of memory");
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    for (int64_t i = 0; i < cap_rows; i++) {
        int32_t deck[52];
        shuffled_deck(deck, &mix);
        for (int32_t k = 0; k < cap_h && holes; k++)
            holes[i * cap_h + k] = plausible ? deck[k] : next_card(&r);
        for (int32_t k = 0; k < cap_b && boards; k++)
            boards[i * cap_b + k] = plausible ? deck[cap_h + k] : next_card(&r);
    }
    if (plausible && cap_rows && next_byte(&r) < 64) {  /* plant one bad card */
        int64_t row = next_byte(&r) % cap_rows;
        uint8_t b = next_byte(&r);
        int32_t *at = b & 1 ? &holes[row * cap_h + b / 2 % cap_h] : &boards[row * cap_b + b / 2 % cap_b];
        *at = b & 2 ? next_card(&r) : (b & 1 ? boards[row * cap_b] : holes[row * cap_h]);
    }
    for (int64_t i = 0; i < cap_rows; i++)
        high[i] = low[i] = -77;
    int null_bad = !plausible && (flags & 4), null_out = !plausible && (flags & 16);

    int32_t want = 0;
    int64_t want_row = -1;
    if (!holes && rows > 0) want = HF_ERR_COUNT;
    if (!boards && rows > 0) want = HF_ERR_COUNT;
    if (rows < 0 || nh < 4 || nh > 6 || nb < 3 || nb > 5 || null_bad)
        want = HF_ERR_COUNT;
    for (int64_t i = 0; !want && i < rows; i++)
        if ((want = expected_error(holes + i * nh, nh, boards + i * nb, nb)) != 0)
            want_row = i;
    int64_t bad_row = -5;
    int checking = next_byte(&r) & 1;
    uint8_t alias = next_byte(&r);
    if (plausible && !checking && rows > 0 && alias < 24) {
        /* Outputs laid over the inputs or each other: refused, nothing written. */
        int32_t *saved = malloc(sizeof(int32_t) * (n_cards_h + n_cards_b + 1));
        if (!saved)
            FAIL("out of memory");
        memcpy(saved, holes, sizeof(int32_t) * n_cards_h);
        memcpy(saved + n_cards_h, boards, sizeof(int32_t) * n_cards_b);
        int32_t *over_high = alias % 3 == 0 ? holes + alias % (rows * nh - rows + 1) : high;
        int32_t *over_low = alias % 3 == 1 ? boards : alias % 3 == 2 ? high : low;
        int32_t got = hf_omaha_batch(holes, nh, boards, nb, rows, over_high, over_low, &bad_row);
        if (got != HF_ERR_COUNT || memcmp(saved, holes, sizeof(int32_t) * n_cards_h)
            || memcmp(saved + n_cards_h, boards, sizeof(int32_t) * n_cards_b))
            FAIL("batch: overlapping outputs not refused (%d) or an input was written", got);
        free(saved);
        free(holes);
        free(boards);
        free(high);
        free(low);
        return;
    }
    /* hf_omaha_batch_rows: the same answers; on a bad row, the rows before it may be written. */
    int rowwise = !checking && (alias & 128);
    int32_t got = checking
        ? hf_check_batch(holes, nh, boards, nb, rows, null_bad ? NULL : &bad_row)
        : rowwise ? hf_omaha_batch_rows(holes, nh, boards, nb, rows, null_out ? NULL : high, low,
                                        null_bad ? NULL : &bad_row)
        : hf_omaha_batch(holes, nh, boards, nb, rows, null_out ? NULL : high, low,
                         null_bad ? NULL : &bad_row);
    if (!checking && null_out && rows > 0 && want == 0)
        want = HF_ERR_COUNT;
    if (!checking && null_out && rows > 0 && want_row >= 0)
        want = HF_ERR_COUNT, want_row = -1;  /* the outputs are checked before the rows */
    if (got != want || (want_row >= 0 && bad_row != want_row))
        FAIL("batch: expected %d at row %lld, got %d at row %lld (nh=%d nb=%d rows=%lld)", want,
             (long long)want_row, got, (long long)bad_row, nh, nb, (long long)rows);
    for (int64_t i = 0; i < cap_rows; i++) {
        int32_t packed = !got && !checking && i < rows ? hf_omaha(holes + i * nh, nh, boards + i * nb, nb) : -1;
        int32_t want_high = packed >= 0 ? packed >> 8 : -77, want_low = packed >= 0 ? packed & 0xff : -77;
        if (rowwise && got && !null_out && i < want_row && high[i] != -77) {  /* written before the stop */
            packed = hf_omaha(holes + i * nh, nh, boards + i * nb, nb);
            want_high = packed >> 8, want_low = packed & 0xff;
        }
        if (high[i] != want_high || low[i] != want_low)
            FAIL("batch: row %lld is (%d, %d), expected (%d, %d)", (long long)i, high[i], low[i],
                 want_high, want_low);
    }
    if (!got)
        valid_checked++;
    free(holes);
    free(boards);
    free(high);
    free(low);
}

/* ---- settlement (settle.c) ---- */

/* The error the contract asks for: pointers, counts, button, rule, a live
 * seat, chips (>= 0, total below 2^62), then the board's cards and each live
 * seat's, in that order. */
static int32_t settle_expected_error(int32_t n, const int32_t *holes, int32_t nh,
                                     const int32_t *board, const uint8_t *live,
                                     const int64_t *chips, int32_t button, int32_t odd,
                                     const int64_t *payouts)
{
    const int64_t limit = (int64_t)1 << 62;
    if (!holes || !board || !live || !chips || !payouts || n < 2 || n > 10 || nh < 4 || nh > 6
        || button < 0 || button >= n || (odd != 0 && odd != 1))
        return HF_ERR_COUNT;
    int64_t total = 0;
    int32_t n_live = 0, cards[5 + 60], n_cards = 5;
    for (int32_t s = 0; s < n; s++) {
        if (chips[s] < 0 || chips[s] >= limit)
            return HF_ERR_COUNT;
        total += chips[s];  /* both below 2^62: no overflow */
        if (total >= limit)
            return HF_ERR_COUNT;
        n_live += live[s] != 0;
    }
    if (!n_live)
        return HF_ERR_COUNT;
    memcpy(cards, board, sizeof(int32_t) * 5);
    for (int32_t s = 0; s < n; s++)
        for (int32_t i = 0; live[s] && i < nh; i++)
            cards[n_cards++] = holes[s * nh + i];
    return expected_error(cards, n_cards, NULL, 0);
}

/* Settled another way: cut the chips at EVERY seat's level (folded ones
 * too) into slices, merge neighbouring slices contested by the same live
 * seats into one pot, then pay each pot: no live seat -> back to whoever
 * put the slice in, one -> to it, else hi/lo by hf_omaha's values. */
static void settle_by_slices(int32_t n, const int32_t *holes, int32_t nh, const int32_t *board,
                             const uint8_t *live, const int64_t *chips, int32_t button,
                             int32_t odd, int64_t *out)
{
    int32_t high[10], low[10];
    for (int32_t s = 0; s < n; s++) {
        out[s] = 0;
        int32_t v = live[s] ? hf_omaha(holes + s * nh, nh, board, 5) : 0;
        high[s] = v >> 8;
        low[s] = v & 0xff;
    }
    int64_t bottom = 0, pot = 0;
    uint32_t pot_seats = 0;  /* live seats contesting the pot being built */
    for (;;) {
        int64_t top = INT64_MAX;  /* the next level above bottom */
        for (int32_t s = 0; s < n; s++)
            if (chips[s] > bottom && chips[s] < top)
                top = chips[s];
        uint32_t seats = 0;
        for (int32_t s = 0; s < n && top != INT64_MAX; s++)
            if (live[s] && chips[s] >= top)
                seats |= 1u << s;
        if (pot && (seats != pot_seats || top == INT64_MAX)) {  /* close the pot */
            int32_t order[10], hw[10], lw[10], no = 0, nhw = 0, nlw = 0;
            int32_t best_high = 1 << 30, best_low = 1 << 30;
            for (int32_t k = 1; k <= n; k++)
                if (pot_seats >> (button + k) % n & 1)
                    order[no++] = (button + k) % n;
            for (int32_t k = 0; k < no; k++) {
                if (high[order[k]] < best_high)
                    best_high = high[order[k]];
                if (low[order[k]] && low[order[k]] < best_low)
                    best_low = low[order[k]];
            }
            for (int32_t k = 0; k < no; k++) {
                if (high[order[k]] == best_high)
                    hw[nhw++] = order[k];
                if (low[order[k]] == best_low)
                    lw[nlw++] = order[k];
            }
            int64_t low_half = !nlw ? 0 : odd ? (pot + 1) / 2 : pot / 2;
            for (int32_t k = 0; k < nlw; k++)
                out[lw[k]] += low_half / nlw + (k < low_half % nlw);
            for (int32_t k = 0; k < nhw; k++)
                out[hw[k]] += (pot - low_half) / nhw + (k < (pot - low_half) % nhw);
            pot = 0;
        }
        if (top == INT64_MAX)
            return;
        if (!seats) {  /* above every live seat: each slice back to its owners */
            for (int32_t s = 0; s < n; s++)
                out[s] += chips[s] >= top ? top - bottom : 0;
        } else {
            for (int32_t s = 0; s < n; s++)
                pot += chips[s] >= top ? top - bottom : 0;
            pot_seats = seats;
        }
        bottom = top;
    }
}

static void drive_settle(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t n = plausible ? 2 + next_byte(&r) % 9 : next_count(&r);
    if (n == 9)  /* and 10, 11: the largest table and one seat too many */
        n += next_byte(&r) % 3;
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    if (plausible && n * nh > 47)
        nh = 4;
    int32_t cap_n = n < 0 ? 0 : n > 11 ? 11 : n, cap_nh = nh < 0 ? 0 : nh > 7 ? 7 : nh;
    /* Plausible cards are distinct (a deck shuffled by input bytes); one
     * may then be spoiled, a folded seat's or a live one's. */
    int32_t deck[52];
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    shuffled_deck(deck, &mix);
    int32_t n_cards = cap_n * cap_nh;
    int32_t *holes = (flags & 1) && !plausible ? NULL : malloc(sizeof(int32_t) * (size_t)(n_cards + 1));
    int32_t *board = (flags & 2) && !plausible ? NULL : malloc(sizeof(int32_t) * 5);
    uint8_t *live = (flags & 4) && !plausible ? NULL : malloc((size_t)cap_n + 1);
    int64_t *chips = (flags & 16) && !plausible ? NULL : malloc(sizeof(int64_t) * ((size_t)cap_n + 1));
    int64_t *payouts = (flags & 32) && !plausible ? NULL : malloc(sizeof(int64_t) * ((size_t)cap_n + 1));
    for (int32_t i = 0; board && i < 5; i++)
        board[i] = plausible ? deck[i] : next_card(&r);
    for (int32_t i = 0; holes && i < n_cards; i++)
        holes[i] = plausible && 5 + i < 52 ? deck[5 + i] : next_card(&r);
    if (plausible && holes && n_cards && (flags & 0x30) == 0x30)
        holes[next_byte(&r) % n_cards] = next_card(&r);
    static const int64_t hostile[] = { -1, INT64_MIN, INT64_MAX, (int64_t)1 << 61,
                                       ((int64_t)1 << 62) - 1, (int64_t)1 << 62 };
    for (int32_t s = 0; s < cap_n; s++) {
        if (live)
            live[s] = (uint8_t)(next_byte(&r) < 150 ? 1 + (flags >> 6) : 0);
        uint8_t b = next_byte(&r);
        if (chips)
            chips[s] = b < 240 || plausible ? b % 13 : hostile[b % 6];
        if (payouts)
            payouts[s] = -77;
    }
    int32_t button = plausible ? next_byte(&r) % n : next_count(&r);
    int32_t odd = plausible ? next_byte(&r) & 1 : next_count(&r);

    int32_t want = settle_expected_error(n, holes, nh, board, live, chips, button, odd, payouts);
    int32_t got = hf_settle(n, holes, nh, board, live, chips, button, odd, payouts);
    if (got != want)
        FAIL("settle: expected %d, got %d (n=%d nh=%d button=%d odd=%d)", want, got, n, nh,
             button, odd);
    if (got)
        check_payouts_untouched(payouts, cap_n, "settle", got);
    if (!got) {
        int64_t expect[10], paid = 0, put_in = 0;
        settle_by_slices(n, holes, nh, board, live, chips, button, odd, expect);
        for (int32_t s = 0; s < n; s++) {
            if (payouts[s] != expect[s])
                FAIL("settle: seat %d paid %lld, the slices say %lld (n=%d button=%d odd=%d)", s,
                     (long long)payouts[s], (long long)expect[s], n, button, odd);
            paid += payouts[s];
            put_in += chips[s];
        }
        if (paid != put_in)
            FAIL("settle: paid %lld of %lld", (long long)paid, (long long)put_in);
        valid_checked++;
    }
    free(holes);
    free(board);
    free(live);
    free(chips);
    free(payouts);
}

/* ---- self-play: hostile sessions, and plausible ones played for a few hands ---- */

#define SELFPLAY_MAX_CHIPS ((int64_t)1 << HF_MAX_CHIPS_BITS)

/* Chips: small amounts mostly, and every edge of the accepted range. */
static int64_t next_chips(reader *r)
{
    uint8_t b = next_byte(r);
    switch (b % 16) {
    case 0: return 0;
    case 1: return -1;
    case 2: return INT64_MIN;
    case 3: return INT64_MAX;
    case 4: return SELFPLAY_MAX_CHIPS - 1;
    case 5: return SELFPLAY_MAX_CHIPS;
    case 6: return (int64_t)1 << 50;
    default: return 1 + b / 4;
    }
}

/* A plausible structure: legal, small, any limit. */
static void plausible_structure(reader *r, hf_structure *s)
{
    memset(s, 0, sizeof *s);   /* the table options and the game: off (today's game) */
    s->limit = next_byte(r) % 3;
    s->big_blind = 1 + next_byte(r) % 8;
    s->small_blind = next_byte(r) % (s->big_blind + 1);
    s->ante = next_byte(r) % 3;
    s->small_bet = s->big_blind;
    s->big_bet = s->limit == 0 ? 2 * s->big_blind : s->big_blind;
    s->max_bets = s->limit == 0 ? 1 + next_byte(r) % 4 : 0;
}

static int structure_ok(const hf_structure *s)
{
    return s->limit >= 0 && s->limit <= 2 && s->max_bets >= 0 && s->small_blind >= 0
        && s->big_blind > 0 && s->small_blind <= s->big_blind && s->ante >= 0
        && s->small_bet > 0 && s->big_bet > 0 && s->big_blind < SELFPLAY_MAX_CHIPS
        && s->ante < SELFPLAY_MAX_CHIPS && s->small_bet < SELFPLAY_MAX_CHIPS
        && s->big_bet < SELFPLAY_MAX_CHIPS;
}

/* The documented settings and state ranges, spelled out independently. */
static int session_ok(const hf_selfplay *sp, int64_t hands)
{
    int n = sp->n_seats;
    if (n < 2 || n > 10 || sp->hole_count < 4 || sp->hole_count > 6
        || n * sp->hole_count + 5 > 52 || sp->n_games < 1 || sp->n_games > 2
        || sp->hands_per_game < 1 || sp->rebuy_to < 1 || sp->rebuy_to >= SELFPLAY_MAX_CHIPS
        || sp->hands_played < 0 || sp->hands_played > INT64_MAX - hands
        || sp->actions < 0 || sp->showdowns < 0 || sp->button < 0 || sp->button >= n
        || sp->deal_rng.pos < 0 || sp->deal_rng.pos > 624
        || sp->bot_rng.pos < 0 || sp->bot_rng.pos > 624)
        return 0;
    for (int k = 0; k < sp->n_games; k++)
        if (!structure_ok(&sp->games[k]))
            return 0;
    int with_chips = 0;
    int64_t total = 0;
    for (int seat = 0; seat < n; seat++) {
        if (sp->bots[seat] < 0 || sp->bots[seat] > 2 || sp->stacks[seat] < 0
            || sp->stacks[seat] >= SELFPLAY_MAX_CHIPS || sp->rebuys[seat] < 0
            || sp->rebuys[seat] > INT64_MAX - hands)
            return 0;
        /* after the first hand a broke seat buys back in before the deal */
        with_chips += sp->stacks[seat] > 0 || sp->hands_played > 0;
        total += sp->stacks[seat];
    }
    return with_chips >= 2 && total < SELFPLAY_MAX_CHIPS
        && (sp->hands_played > 0 || sp->stacks[sp->button] > 0);
}

static void drive_selfplay(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    hf_selfplay sp;
    memset(&sp, 0, sizeof sp);
    uint64_t words = 0x9e3779b97f4a7c15ull * (1 + next_byte(&r));
    for (int k = 0; k < 624; k++) {   /* any generator state is a legal one */
        words = words * 6364136223846793005ull + 1442695040888963407ull;
        sp.deal_rng.key[k] = (uint32_t)(words >> 32);
        sp.bot_rng.key[k] = (uint32_t)words;
    }
    if (flags & 1) {   /* plausible: legal settings, small stacks, so hands bust and rebuy */
        sp.n_seats = 2 + next_byte(&r) % 9;
        sp.hole_count = 4 + next_byte(&r) % (sp.n_seats <= 7 ? 3 : 2);
        sp.n_games = 1 + next_byte(&r) % 2;
        plausible_structure(&r, &sp.games[0]);
        plausible_structure(&r, &sp.games[1]);
        sp.hands_per_game = 1 + next_byte(&r) % 4;
        sp.rebuy_to = 1 + next_byte(&r) % 60;
        sp.deal_rng.pos = next_byte(&r) % 625;
        sp.bot_rng.pos = next_byte(&r) % 625;
        for (int seat = 0; seat < sp.n_seats; seat++) {
            sp.bots[seat] = next_byte(&r) % 3;
            sp.stacks[seat] = 1 + next_byte(&r) % 80;
        }
        sp.button = next_byte(&r) % sp.n_seats;
    } else {           /* hostile: every field from the edge decoders */
        sp.n_seats = next_count(&r);
        sp.hole_count = next_count(&r);
        sp.n_games = next_count(&r);
        for (int k = 0; k < 2; k++) {
            hf_structure *s = &sp.games[k];
            s->limit = next_count(&r);
            s->max_bets = next_count(&r);
            s->small_blind = next_chips(&r);
            s->big_blind = next_chips(&r);
            s->ante = next_chips(&r);
            s->small_bet = next_chips(&r);
            s->big_bet = next_chips(&r);
        }
        sp.hands_per_game = next_chips(&r);
        sp.rebuy_to = next_chips(&r);
        sp.hands_played = next_chips(&r);
        sp.actions = next_byte(&r) == 9 ? -1 : 0;
        sp.button = next_count(&r);
        sp.deal_rng.pos = (int32_t)next_byte(&r) * 3 - 10;   /* -10..755 */
        sp.bot_rng.pos = (int32_t)next_byte(&r) * 3 - 10;
        for (int seat = 0; seat < 10; seat++) {
            sp.bots[seat] = next_count(&r);
            sp.stacks[seat] = next_chips(&r);
            uint8_t b = next_byte(&r);
            sp.rebuys[seat] = b == 7 ? -1 : b == 8 ? INT64_MAX : 0;
        }
    }
    int64_t hands = next_byte(&r) % 9 - 1;   /* -1..7 */
    int use_log = (flags & 2) && hands > 0;
    int ok = hands >= 0 && session_ok(&sp, hands);
    int32_t n = ok ? sp.n_seats : 0;
    int64_t *log = use_log && ok ? malloc(sizeof(int64_t) * (size_t)(hands * n)) : NULL;
    hf_selfplay before = sp;
    int32_t got = hf_selfplay_run((flags & 4) && !(flags & 1) ? NULL : &sp, hands, log);
    if ((flags & 4) && !(flags & 1)) {
        if (got != HF_ERR_COUNT)
            FAIL("selfplay: NULL session gave %d", got);
    } else if (!ok) {
        if (got != HF_ERR_COUNT || memcmp(&sp, &before, sizeof sp))
            FAIL("selfplay: bad session gave %d or changed it", got);
    } else {
        if (got != 0 && got != HF_ERR_TOO_MANY_CHIPS)
            FAIL("selfplay: a legal session gave %d", got);
        int64_t played = sp.hands_played - before.hands_played, chips = 0, want = 0;
        if (played < 0 || played > hands || (got == 0 && played != hands))
            FAIL("selfplay: %lld of %lld hands played", (long long)played, (long long)hands);
        for (int seat = 0; seat < n; seat++) {
            if (sp.stacks[seat] < 0 || sp.rebuys[seat] < before.rebuys[seat])
                FAIL("selfplay: seat %d has %lld chips", seat, (long long)sp.stacks[seat]);
            chips += sp.stacks[seat];
            want += before.stacks[seat] + (sp.rebuys[seat] - before.rebuys[seat]) * sp.rebuy_to;
        }
        if (chips != want)   /* nothing created or lost, rebuys aside */
            FAIL("selfplay: %lld chips at the table, expected %lld", (long long)chips,
                 (long long)want);
        if (log && got == 0)
            for (int seat = 0; seat < n; seat++)
                if (log[(hands - 1) * n + seat] != sp.stacks[seat])
                    FAIL("selfplay: the log's last hand differs from the stacks");
        valid_checked++;
    }
    free(log);
}

/* ---- splitmix64 (hf_splitmix64): output k of a stream equals the k+1-th
 * step of the stream walked one addition at a time (Vigna's reference
 * loop), and the reference outputs of seed 0 ---- */

static void drive_splitmix64(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint64_t seed = 0;
    for (int k = 0; k < 8; k++)
        seed = seed << 8 | next_byte(&r);
    uint64_t index = next_byte(&r);
    uint64_t state = seed, z = 0;
    for (uint64_t k = 0; k <= index; k++) {
        z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
    }
    if (hf_splitmix64(seed, index) != z)
        FAIL("splitmix64: output %llu of seed %llu differs from the stream",
             (unsigned long long)index, (unsigned long long)seed);
    if (hf_splitmix64(0, 0) != 0xe220a8397b1dcdafull || hf_splitmix64(0, 1) != 0x6e789e6aa1b965f4ull)
        FAIL("splitmix64: not the reference outputs of seed 0");
    valid_checked++;
}

/* ---- the hand (hf_hand_deal, hf_hand_act): hostile settings and cards are
 * refused; on a valid deal, random actions (legal or not) until the hand
 * ends: a refusal changes nothing, chips are conserved after every action,
 * the legal bounds are consistent, and the hand ends within its bound ---- */

static void check_hand_invariants(const hf_game *g, int64_t chips)
{
    int64_t behind = 0;
    for (int32_t seat = 0; seat < g->n_seats; seat++) {
        behind += g->stacks[seat];
        if (g->stacks[seat] < 0 || g->contributions[seat] < 0 || g->returned[seat] < 0)
            FAIL("hand: negative chips at seat %d", seat);
    }
    int64_t in_play = g->street == HF_OVER ? 0 : g->total;
    if (behind + in_play != chips)
        FAIL("hand: %lld chips, expected %lld", (long long)(behind + in_play), (long long)chips);
    if (g->actor >= 0 && (g->min_to > g->max_to || (g->max_to && g->min_to <= g->current_bet)))
        FAIL("hand: bounds %lld..%lld over a bet of %lld", (long long)g->min_to,
             (long long)g->max_to, (long long)g->current_bet);
    if (g->street == HF_OVER && g->n_shown && !g->went_to_showdown)
        FAIL("hand: a showing order without a showdown");
}

static void drive_hand(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    hf_structure s;
    uint8_t mode = next_byte(&r);
    if (mode < 200) {
        plausible_structure(&r, &s);
        /* the variants: straddle, bomb pot, one blind, Omaha high, Courchevel,
         * double board or run it N times */
        uint8_t options = next_byte(&r), game = next_byte(&r);
        s.straddle = options & 1 ? 2 * s.big_blind : 0;
        s.bomb_pot = options & 2 ? 1 + (options >> 5) : 0;
        s.single_blind = (options >> 2) & 1;
        s.high_only = (options >> 3) & 1;
        s.exposed = game % 3 == 0;
        s.n_boards = game % 5 == 0 ? 2 : 1;
        s.runs = s.n_boards == 2 ? 1 : 1 + (game >> 4) % 4;
    } else {
        memset(&s, 0, sizeof s);
        s.straddle = next_chips(&r);
        s.bomb_pot = next_chips(&r);
        s.single_blind = (int32_t)next_byte(&r) - 1;
        s.high_only = (int32_t)next_byte(&r) - 1;
        s.exposed = (int32_t)next_byte(&r) % 6 - 1;
        s.n_boards = (int32_t)next_byte(&r) % 5 - 1;
        s.runs = (int32_t)next_byte(&r) % 7 - 1;
        s.limit = (int32_t)next_byte(&r) - 1;
        s.max_bets = (int32_t)next_byte(&r) - 1;
        s.small_blind = next_chips(&r);
        s.big_blind = next_chips(&r);
        s.ante = next_chips(&r);
        s.small_bet = next_chips(&r);
        s.big_bet = next_chips(&r);
    }
    int32_t n_seats = 1 + next_byte(&r) % 11, hole_count = 3 + next_byte(&r) % 5;
    int64_t stacks[10] = {0};
    int32_t dealt = 0;
    for (int32_t seat = 0; seat < n_seats && seat < 10; seat++) {
        stacks[seat] = next_byte(&r) < 40 ? next_chips(&r) : 1 + next_byte(&r) * 3;
        dealt += stacks[seat] > 0;
    }
    int32_t button = (int32_t)(next_byte(&r) % 12) - 1;
    int32_t boards = s.n_boards == 2 ? 2 : s.runs > 1 ? s.runs : 1;
    int32_t n_cards = dealt * hole_count + 5 * boards + (next_byte(&r) > 250 ? 1 : 0);
    if (n_cards > 52)
        n_cards = next_byte(&r) % 60;
    int32_t deck[64];
    uint64_t mix = next_byte(&r) + 1;
    shuffled_deck(deck, &mix);
    for (int32_t k = 52; k < 64; k++)
        deck[k] = k;
    if (next_byte(&r) > 240)
        deck[next_byte(&r) % 52] = (int32_t)next_byte(&r) - 1;   /* a repeat or a bad id */
    /* Sometimes each seat's own forced bets (hf_hand_deal_forced), hostile too. */
    int forced = next_byte(&r) > 190;
    int64_t antes[10] = {0}, blinds[10] = {0};
    int32_t big_blind = -1;
    for (int32_t seat = 0; forced && seat < 10; seat++) {
        antes[seat] = next_byte(&r) < 20 ? next_chips(&r) : next_byte(&r) % 3;
        blinds[seat] = next_byte(&r) < 20 ? next_chips(&r) : next_byte(&r) < 100
                       ? 1 + next_byte(&r) * 2 : 0;
    }
    if (forced)
        big_blind = (int32_t)(next_byte(&r) % 13) - 2;
    hf_game g;
    int32_t got = forced
        ? hf_hand_deal_forced(&g, &s, n_seats > 10 ? 10 : n_seats, hole_count, stacks, button,
                              deck, n_cards, antes, blinds, big_blind)
        : hf_hand_deal(&g, &s, n_seats > 10 ? 10 : n_seats, hole_count, stacks, button, deck,
                       n_cards);
    if (got > 0 || got < HF_ERR_TOO_MANY_CHIPS)
        FAIL("hand_deal%s: unexpected code %d", forced ? "_forced" : "", got);
    if (hf_hand_deal_forced(NULL, &s, 2, 4, stacks, 0, deck, 13, antes, blinds, -1)
        != HF_ERR_COUNT)
        FAIL("hand_deal_forced: a NULL hand must be HF_ERR_COUNT");
    if (hf_hand_act(NULL, HF_FOLD, HF_NO_AMOUNT) != HF_ERR_COUNT)
        FAIL("hand_act: a NULL hand must be HF_ERR_COUNT");
    if (hf_hand_runs(NULL, 1) != HF_ERR_COUNT)
        FAIL("hand_runs: a NULL hand must be HF_ERR_COUNT");
    if (got)
        return;
    int64_t chips = 0;
    for (int32_t seat = 0; seat < g.n_seats; seat++)
        chips += stacks[seat];
    check_hand_invariants(&g, chips);
    for (int32_t step = 0; g.actor >= 0 || g.awaiting_runs; step++) {
        if (step > 100000)
            FAIL("hand: no end after %d actions", step);
        if (g.awaiting_runs) {   /* the runs agreed: any number, legal or not */
            int32_t runs = r.pos >= r.size ? 1 : (int32_t)next_byte(&r) % 7 - 1;
            hf_game waiting;
            memcpy(&waiting, &g, sizeof g);
            got = hf_hand_runs(&g, runs);
            if (got == HF_ERR_ILLEGAL) {
                if (memcmp(&waiting, &g, sizeof g))
                    FAIL("hand_runs: a refused answer changed the hand");
            } else if (got != 0 || g.awaiting_runs || g.n_runs != runs) {
                FAIL("hand_runs: unexpected code %d", got);
            }
            check_hand_invariants(&g, chips);
            continue;
        }
        int32_t action = (int32_t)next_byte(&r) % 7 - 1;
        int64_t amounts[8] = { HF_NO_AMOUNT, g.min_to, g.max_to, g.call_amount,
                               g.min_to + (g.max_to - g.min_to) / 2, g.max_to + 1, -2, INT64_MAX };
        int64_t amount = amounts[next_byte(&r) % 8];
        if (r.pos >= r.size) {   /* the input is used up: play it out by checking or calling */
            action = g.current_bet > g.bets[g.actor] ? HF_CALL : HF_CHECK;
            amount = HF_NO_AMOUNT;
        }
        hf_game before;
        memcpy(&before, &g, sizeof g);   /* padding too: compared with memcmp */
        got = hf_hand_act(&g, action, amount);
        if (got == HF_ERR_ILLEGAL) {
            if (memcmp(&before, &g, sizeof g))
                FAIL("hand_act: a refused action changed the hand");
        } else if (got != 0) {
            FAIL("hand_act: unexpected code %d", got);
        } else if (g.n_actions != before.n_actions + 1 || g.last.seat != before.actor) {
            FAIL("hand_act: the log entry is not the action applied");
        }
        check_hand_invariants(&g, chips);
    }
    int64_t paid = 0;
    for (int32_t seat = 0; seat < g.n_seats; seat++)
        paid += g.payouts[seat];
    if (paid != g.total)
        FAIL("hand: paid %lld of a pot of %lld", (long long)paid, (long long)g.total);
    valid_checked++;
}

/* ---- range equity: small ranges of rows off a shuffled deck (often
 * colliding), or hostile bytes and weights; checked against hf_equity_*
 * (a one-row range is that hand, weighted), the split of a window, and one
 * seed twice. ---- */
static void drive_range_equity(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags < 200;
    int32_t high = flags & 1;   /* Omaha high: no low half */
    int32_t np = 2 + next_byte(&r) % 2, nh = 4 + next_byte(&r) % 3;
    int32_t nb = (int32_t[]){ 0, 3, 4, 5, 5 }[next_byte(&r) % 5], nd = next_byte(&r) % 3;
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    int32_t deck[52], dealt = 0;
    shuffled_deck(deck, &mix);
    int32_t holes[3 * 6], board[5], dead[2];
    hf_range ranges[3];
    uint8_t *rows[3] = { NULL, NULL, NULL };
    int64_t *sums[3] = { NULL, NULL, NULL };
    memset(ranges, 0, sizeof ranges);
    for (int32_t i = 0; i < nb; i++) board[i] = deck[dealt++];
    for (int32_t i = 0; i < nd; i++) dead[i] = deck[dealt++];
    int one_row_each = 1;
    for (int32_t p = 0; p < np; p++) {
        uint8_t kind = next_byte(&r) % 3;  /* 0 known, 1 random, 2 range */
        for (int32_t i = 0; i < nh; i++)
            holes[p * nh + i] = kind == 0 ? deck[dealt++] : -1;
        if (kind != 2)
            continue;
        int32_t m = 1 + next_byte(&r) % 4;
        one_row_each &= m == 1;
        rows[p] = malloc((size_t)(m * nh));
        sums[p] = malloc(sizeof(int64_t) * (size_t)m);
        if (!rows[p] || !sums[p])
            FAIL("out of memory");
        for (int32_t k = 0, at = dealt; k < m; k++) {
            for (int32_t i = 0; i < nh; i++)  /* rows overlap: later rows reuse cards */
                rows[p][k * nh + i] = plausible ? (uint8_t)deck[(at + k + i) % 52]
                                                : next_byte(&r);
            int64_t w = plausible ? 1 + next_byte(&r) % 3 : (int64_t)(next_byte(&r) % 3);
            sums[p][k] = (k ? sums[p][k - 1] : 0) + w;
        }
        dealt += nh;
        ranges[p] = (hf_range){ rows[p], sums[p], m };
    }
    hf_range_tally t, u, v;
    int64_t deals = hf_range_deals(holes, np, nh, board, nb, dead, nd, ranges);
    if (hf_range_deals(holes, np, nh, board, nb, dead, nd, NULL) != HF_ERR_COUNT)
        FAIL("range_deals: NULL ranges accepted");
    if (hf_range_enumerate(holes, np, nh, board, nb, dead, nd, ranges, high, 0, 1, NULL)
        != HF_ERR_COUNT)
        FAIL("range_enumerate: NULL out accepted");
    if (deals > 0) {
        int64_t first = next_byte(&r) % 64, count = next_byte(&r) % 48;
        first = first > deals ? deals : first;
        count = count > deals - first ? deals - first : count;
        int32_t got = hf_range_enumerate(holes, np, nh, board, nb, dead, nd, ranges, high,
                                         first, count, &t);
        if (got == 0) {
            int64_t half = count / 2;
            if (hf_range_enumerate(holes, np, nh, board, nb, dead, nd, ranges, high, first, half,
                                   &u)
                || hf_range_enumerate(holes, np, nh, board, nb, dead, nd, ranges, high, first + half,
                                      count - half, &v))
                FAIL("range_enumerate: a half refused what the whole took");
            if (u.settled + v.settled != t.settled
                || u.tally.deals + v.tally.deals != t.tally.deals
                || u.tally.share[0] + v.tally.share[0] != t.tally.share[0])
                FAIL("range_enumerate: two halves do not add up to the whole");
            if (t.settled > count || t.tally.share_sq[0] != 0)
                FAIL("range_enumerate: %lld settled of %lld", (long long)t.settled,
                     (long long)count);
            valid_checked++;
        } else if (plausible && got != HF_ERR_COUNT) {
            FAIL("range_enumerate: error %d on plausible rows", got);
        }
        if (got == 0 && plausible && one_row_each && t.settled == count && !high) {
            /* one row each, no collision: the hands known, each sum x the weights
             * (hi/lo: hf_equity_enumerate has no high-only mode) */
            int32_t known[3 * 6];
            int64_t w = 1;
            for (int32_t p = 0; p < np; p++)
                for (int32_t i = 0; i < nh; i++) {
                    known[p * nh + i] = ranges[p].n_combos ? rows[p][i] : holes[p * nh + i];
                    w *= ranges[p].n_combos && i == 0 ? sums[p][0] : 1;
                }
            hf_equity_tally e;
            if (hf_equity_enumerate(known, np, nh, board, nb, dead, nd, first, count, &e))
                FAIL("range_enumerate: equity_enumerate refused the same spot");
            if (e.deals * w != t.tally.deals || e.share[0] * w != t.tally.share[0]
                || e.no_low * w != t.tally.no_low)
                FAIL("range_enumerate: differs from the hands known");
            valid_checked++;
        }
    }
    uint64_t seed = next_byte(&r);
    int64_t count = next_byte(&r) % 5;
    int32_t got = hf_range_sample(holes, np, nh, board, nb, dead, nd, ranges, high, seed, count,
                                  &t);
    if (got == 0) {
        check_tally(&t.tally, np, count);
        if (t.settled != count
            || hf_range_sample(holes, np, nh, board, nb, dead, nd, ranges, high, seed, count, &u))
            FAIL("range_sample: settled %lld of %lld", (long long)t.settled, (long long)count);
        same_tally(&t.tally, &u.tally, np, "range_sample: one seed, two different tallies");
        valid_checked++;
    } else if (got != HF_ERR_COUNT && got != HF_ERR_CARD && got != HF_ERR_RANGE_CLASH
               && got != HF_ERR_DUPLICATE) {
        FAIL("range_sample: unexpected error %d", got);
    }
    for (int32_t p = 0; p < 3; p++) {
        free(rows[p]);
        free(sums[p]);
    }
}

/* ---- the vector environment (vector_env.c) ---- */

/* hf_vector_deal and hf_vector_step on plausible and broken settings, with
 * every buffer exactly n tables long: a bad setting changes nothing; a bad
 * action names the first table with one (a value out of range or masked)
 * and changes nothing; else every finished hand's rewards sum to zero and
 * each observation holds every chip of its table. */
static void drive_vector_env(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    hf_vector_config c;
    memset(&c, 0, sizeof c);
    plausible_structure(&r, &c.games[0]);
    plausible_structure(&r, &c.games[1]);
    int hostile = next_byte(&r) >= 160;   /* else valid settings by construction */
    c.n_games = 1 + next_byte(&r) % 2;
    c.hands_per_game = 1 + next_byte(&r) % 3;
    c.n_seats = 2 + next_byte(&r) % 9;
    c.hole_count = 4 + next_byte(&r) % 3;
    if (c.n_seats * c.hole_count + 5 > 52)
        c.hole_count = 4;
    c.n_actions = next_byte(&r) % 2 ? HF_ENV_ACTIONS : HF_ENV_FIXED_ACTIONS;
    c.first_button = next_byte(&r) % c.n_seats;
    c.big_blind = 1 + next_byte(&r) % 8;
    c.table_episodes = next_byte(&r) % 2;   /* hands until a seat busts, or max_hands */
    c.max_hands = next_byte(&r) % 4;
    int64_t floor = 0;
    for (int32_t k = 0; k < c.n_games; k++)
        if (c.games[k].big_blind + c.games[k].ante > floor)
            floor = c.games[k].big_blind + c.games[k].ante;
    for (int32_t seat = 0; seat < 10; seat++)
        c.stacks[seat] = floor + 1 + next_byte(&r) % 4 * (1 + next_byte(&r));
    if (hostile) {   /* one setting broken, or pushed to its edge */
        uint8_t what = next_byte(&r);
        switch (what % 14) {
        case 0: c.games[next_byte(&r) % 2].big_blind = next_chips(&r); break;
        case 1: c.n_games = (int32_t)(next_byte(&r) % 4) - 1; break;
        case 2: c.hands_per_game = (int64_t)(next_byte(&r) % 3) - 1; break;
        case 3: c.n_seats = (int32_t)(next_byte(&r) % 13) - 1; break;
        case 4: c.hole_count = (int32_t)(next_byte(&r) % 9); break;
        case 5: c.n_actions = (int32_t)(next_byte(&r) % 9) - 1; break;
        case 6: c.first_button = (int32_t)(next_byte(&r) % 13) - 1; break;
        case 7: c.big_blind = next_chips(&r); break;
        case 8: c.stacks[next_byte(&r) % 10] = next_chips(&r); break;
        case 9: c.stacks[next_byte(&r) % 10] = floor - (int64_t)(next_byte(&r) % 2); break;
        case 10: c.games[next_byte(&r) % 2].ante = next_chips(&r); break;
        case 11: c.table_episodes = (int32_t)(next_byte(&r) % 5) - 2; break;
        case 12: c.max_hands = -(int64_t)(next_byte(&r) % 3) - 1; break;
        default: c.stacks[next_byte(&r) % 10] = SELFPLAY_MAX_CHIPS / 4; break;
        }
    }
    int valid = c.n_games >= 1 && c.n_games <= 2 && c.hands_per_game > 0 && c.n_seats >= 2
        && c.n_seats <= 10 && c.hole_count >= 4 && c.hole_count <= 6
        && c.n_seats * c.hole_count + 5 <= 52 && c.big_blind > 0 && c.first_button >= 0
        && c.first_button < c.n_seats
        && (c.n_actions == HF_ENV_ACTIONS || c.n_actions == HF_ENV_FIXED_ACTIONS)
        && (c.table_episodes == 0 || c.table_episodes == 1) && c.max_hands >= 0;
    floor = 0;
    for (int32_t k = 0; k < c.n_games && k < 2 && valid; k++) {
        valid = structure_ok(&c.games[k]);
        if (valid && c.games[k].big_blind + c.games[k].ante > floor)
            floor = c.games[k].big_blind + c.games[k].ante;
    }
    int64_t chips = 0;   /* every stack above the forced bets, the total below the bound */
    for (int32_t seat = 0; seat < c.n_seats && seat < 10 && valid; seat++) {
        valid = c.stacks[seat] > floor && c.stacks[seat] < SELFPLAY_MAX_CHIPS - chips;
        chips += valid ? c.stacks[seat] : 0;
    }
    int64_t n = next_byte(&r) % 5;
    int32_t acts = c.n_actions > 0 && c.n_actions <= 8 ? c.n_actions : 1;
    int32_t seats_n = c.n_seats > 0 && c.n_seats <= 10 ? c.n_seats : 1;
    hf_vector_table *tables = calloc((size_t)(n ? n : 1), sizeof *tables);
    float *obs = malloc((size_t)(n ? n : 1) * HF_OBS_SIZE * sizeof *obs);
    int8_t *masks = malloc((size_t)(n ? n : 1) * (size_t)acts);
    int32_t *seats = malloc((size_t)(n ? n : 1) * sizeof *seats);
    float *rewards = malloc((size_t)(n ? n : 1) * (size_t)seats_n * sizeof *rewards);
    uint8_t *done = malloc((size_t)(n ? n : 1) * 3);   /* hand over, terminated, truncated */
    int64_t *actions = malloc((size_t)(n ? n : 1) * sizeof *actions);
    hf_vector_table *before = malloc((size_t)(n ? n : 1) * sizeof *before);
    if (!tables || !obs || !masks || !seats || !rewards || !done || !actions || !before)
        FAIL("vector_env: out of memory");
    uint64_t mix = next_byte(&r) + 1;   /* each table's generator state from one byte */
    for (int64_t i = 0; i < n; i++) {
        tables[i].hand_number = -1;
        for (int32_t k = 0; k < 624; k++) {
            mix = mix * 6364136223846793005ull + 1442695040888963407ull;
            tables[i].rng.key[k] = (uint32_t)(mix >> 32);
        }
        tables[i].rng.pos = 624;
    }
    int64_t bad = -7;
    if (hf_vector_deal(NULL, tables, n, obs, masks, seats) != HF_ERR_COUNT
        || hf_vector_step(&c, tables, n, NULL, obs, masks, seats, rewards, done, &bad)
           != HF_ERR_COUNT)
        FAIL("vector_env: a NULL pointer must be HF_ERR_COUNT");
    memcpy(before, tables, (size_t)n * sizeof *tables);
    int32_t got = hf_vector_deal(&c, tables, n, obs, masks, seats);
    if (!valid) {
        if (got != HF_ERR_COUNT || memcmp(before, tables, (size_t)n * sizeof *tables))
            FAIL("vector_env: bad settings must be HF_ERR_COUNT, tables untouched (got %d)", got);
        goto done;
    }
    if (got)
        FAIL("vector_env: deal refused valid settings (%d)", got);
    for (int32_t step = 0; step < 80; step++) {   /* input used up: check or call */
        int64_t expect_bad = -1;
        for (int64_t i = 0; i < n; i++) {
            const int8_t *m = masks + i * c.n_actions;
            if (m[0] != 1 || m[1] != 1)
                FAIL("vector_env: fold and check/call are always legal");
            uint8_t b = r.pos < r.size ? next_byte(&r) : 1;
            int32_t legal = 0;   /* mostly a legal action, now and then not */
            while (legal < c.n_actions && m[legal])
                legal++;
            actions[i] = b < 8 ? (int64_t)b - 2 : b < 12 ? INT64_MIN + b
                : b < 40 ? b % c.n_actions : b % legal;
            int ok = actions[i] >= 0 && actions[i] < c.n_actions && m[actions[i]];
            if (!ok && expect_bad < 0)
                expect_bad = i;
        }
        memcpy(before, tables, (size_t)n * sizeof *tables);
        bad = -7;
        got = hf_vector_step(&c, tables, n, actions, obs, masks, seats, rewards, done, &bad);
        if (expect_bad >= 0) {
            if (got != HF_ERR_ILLEGAL || bad != expect_bad
                || memcmp(before, tables, (size_t)n * sizeof *tables))
                FAIL("vector_env: table %lld's bad action must be refused, nothing changed",
                     (long long)expect_bad);
            continue;
        }
        if (got)
            FAIL("vector_env: step refused legal actions (%d)", got);
        for (int64_t i = 0; i < n; i++) {
            double sum = 0, held = 0;
            for (int32_t s = 0; s < c.n_seats; s++) {
                sum += rewards[i * c.n_seats + s];
                held += obs[i * HF_OBS_SIZE + HF_OBS_STACK + s]
                    + obs[i * HF_OBS_SIZE + HF_OBS_CONTRIBUTED + s];
            }
            if (sum > 1e-3 * (double)chips || sum < -1e-3 * (double)chips)
                FAIL("vector_env: rewards must sum to zero");
            uint8_t hand_over = done[i], ended = done[n + i], cut = done[2 * n + i];
            if (hand_over > 1 || ended > 1 || cut > 1 || (ended && cut)
                || ((ended || cut) && !hand_over)
                || (!c.table_episodes && (ended != hand_over || cut)))
                FAIL("vector_env: done flags %d %d %d do not agree", hand_over, ended, cut);
            for (int32_t s = 0; s < c.n_seats && !hand_over; s++)
                if (rewards[i * c.n_seats + s] != 0.0f)
                    FAIL("vector_env: a reward where no hand ended");
            if (c.table_episodes && tables[i].episode_hands > 1 && !ended && !cut)
                table_hands_checked++;
            table_cuts += cut;
            double want = (double)chips / (double)c.big_blind;
            if (held > want * (1 + 1e-5) + 1e-3 || held < want * (1 - 1e-5) - 1e-3)
                FAIL("vector_env: an observation must hold every chip of its table");
            if (seats[i] < 0 || seats[i] >= c.n_seats)
                FAIL("vector_env: seat to act out of range");
            valid_checked++;
        }
    }
done:
    free(tables); free(obs); free(masks); free(seats); free(rewards); free(done);
    free(actions); free(before);
}

/* hf_env_observe on a dealt hand played a few actions on, every seat, and
 * on the same hand with one field broken: a bad argument or hand is
 * HF_ERR_COUNT with nothing written; else the mask is 0 but for the seat to
 * act (fold and check/call always legal) and the vector holds every chip. */
static void drive_env_observe(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    hf_structure s;
    plausible_structure(&r, &s);
    int32_t n_seats = 2 + next_byte(&r) % 9, hole_count = 4 + next_byte(&r) % 3;
    if (n_seats * hole_count + 5 > 52)
        hole_count = 4;
    int64_t stacks[10], chips = 0;
    for (int32_t seat = 0; seat < n_seats; seat++)
        chips += stacks[seat] = s.big_blind + s.ante + 1 + next_byte(&r);
    int32_t deck[52];
    uint64_t mix = next_byte(&r) + 1;
    shuffled_deck(deck, &mix);
    hf_game g;
    if (hf_hand_deal(&g, &s, n_seats, hole_count, stacks, next_byte(&r) % n_seats, deck,
                     n_seats * hole_count + 5))
        FAIL("env_observe: a plausible deal was refused");
    for (int32_t k = next_byte(&r) % 12; k > 0 && g.actor >= 0; k--) {
        int32_t action = g.current_bet > g.bets[g.actor] ? HF_CALL : HF_CHECK;
        if (next_byte(&r) % 4 == 0)
            action = HF_FOLD;
        hf_hand_act(&g, action, HF_NO_AMOUNT);
    }
    int32_t *history = malloc(120 * sizeof *history);
    float *obs = malloc(HF_OBS_SIZE * sizeof *obs);
    int8_t *mask = malloc(HF_ENV_ACTIONS);
    if (!history || !obs || !mask)
        FAIL("env_observe: out of memory");
    for (int32_t k = 0; k < 120; k++)
        history[k] = next_byte(&r) % 3;
    int32_t n_actions = next_byte(&r) % 2 ? HF_ENV_ACTIONS : HF_ENV_FIXED_ACTIONS;
    int64_t big_blind = 1 + next_byte(&r) % 8;
    uint8_t broken = next_byte(&r);
    int32_t seat = (int32_t)(next_byte(&r) % 12) - 1;
    int valid = seat >= 0 && seat < n_seats;
    if (broken >= 200) {   /* one argument or field out of range */
        valid = 0;
        switch (broken % 8) {
        case 0: big_blind = -(int64_t)(broken % 2); break;
        case 1: n_actions = broken % 2 ? 0 : 7; break;
        case 2: g.board[broken % 5] = 52 + broken % 3; break;
        case 3: g.board[0] = g.board[1]; break;
        case 4: g.hole_count = broken % 2 ? 3 : 7; break;
        case 5: g.n_seats = broken % 2 ? 1 : 11; break;
        case 6: g.board_shown = broken % 2 ? -1 : 6; break;
        default: g.button = broken % 2 ? -1 : g.n_seats; break;
        }
    }
    memset(obs, 0x7f, HF_OBS_SIZE * sizeof *obs);
    memset(mask, 0x7f, HF_ENV_ACTIONS);
    int32_t got = hf_env_observe(&g, history, seat, big_blind, n_actions, obs, mask);
    if (!valid) {
        for (int32_t k = 0; k < HF_OBS_SIZE; k++)
            if (((const uint8_t *)obs)[4 * k] != 0x7f)
                FAIL("env_observe: a refused call wrote its observation");
        if (got != HF_ERR_COUNT || mask[0] != 0x7f)
            FAIL("env_observe: a bad argument or hand must be HF_ERR_COUNT (got %d)", got);
    } else {
        if (got)
            FAIL("env_observe: a dealt hand was refused (%d)", got);
        for (int32_t a = 0; a < n_actions; a++)
            if (mask[a] != (seat == g.actor && (a < 2 || mask[a] == 1)))
                FAIL("env_observe: mask %d of seat %d wrong", a, seat);
        double held = 0;
        for (int32_t k = 0; k < 10; k++)
            held += obs[HF_OBS_STACK + k] + obs[HF_OBS_CONTRIBUTED + k];
        double want = (double)chips / (double)big_blind;
        if (held > want * (1 + 1e-5) + 1e-3 || held < want * (1 - 1e-5) - 1e-3)
            FAIL("env_observe: the vector must hold every chip of the table");
        valid_checked++;
    }
    free(history); free(obs); free(mask);
}

/* ---- the solver (hf_solver_iterate, hf_solver_evaluate, hf_solver_showdown_sums):
 * a small valid game (a decision, a fold, a showdown, a chance node dealing two
 * river cards) with one field made hostile or not; every buffer is malloc'd at
 * the size the game declares. A valid game must be solved (0), its best
 * responses finite and their sum (twice the exploitability) not negative;
 * a broken one refused with a negative code ---- */

static double *solver_buffer(int64_t n)
{
    double *out = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
    if (!out)
        FAIL("solver: out of memory");
    return out;
}

static void drive_solver(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint64_t mix = next_byte(&r) | (uint64_t)next_byte(&r) << 8;
    int32_t deck[52];
    shuffled_deck(deck, &mix);
    int32_t n[2] = { 1 + next_byte(&r) % 3, 1 + next_byte(&r) % 3 };
    int32_t *cards[2], *high[2], *low[2];
    double *weights[2];
    int32_t at = 2;   /* deck[0], deck[1]: the river cards */
    for (int p = 0; p < 2; p++) {
        cards[p] = malloc(sizeof(int32_t) * 4 * (size_t)n[p]);
        high[p] = malloc(sizeof(int32_t) * 2 * (size_t)n[p]);
        low[p] = malloc(sizeof(int32_t) * 2 * (size_t)n[p]);
        weights[p] = malloc(sizeof(double) * (size_t)n[p]);
        if (!cards[p] || !high[p] || !low[p] || !weights[p])
            FAIL("solver: out of memory");
        for (int32_t i = 0; i < n[p]; i++) {
            for (int k = 0; k < 4; k++)
                cards[p][4 * i + k] = deck[at + (p * 3 + i) * 4 + k];   /* 2 + 24 cards */
            weights[p][i] = 1 + next_byte(&r) % 4;
            for (int b = 0; b < 2; b++) {
                high[p][b * n[p] + i] = 1 + next_byte(&r) % 7462;
                low[p][b * n[p] + i] = next_byte(&r) % 57;
            }
        }
    }
    /* 0 decision (player 0): fold 1, showdown 2, chance 3; 3 deals 4 (showdown on
     * board 1) and 5 (a fold by player 1) */
    int32_t kind[6] = { 0, 1, 2, 3, 2, 1 }, player[6] = { 0, 0, -1, -1, -1, 1 };
    int32_t first[6] = { 0, 0, 0, 3, 0, 0 }, count[6] = { 3, 0, 0, 2, 0, 0 };
    int32_t children[5] = { 1, 2, 3, 4, 5 }, card[6] = { -1, -1, -1, -1, deck[0], deck[1] };
    int32_t board[6] = { 0, 0, 0, 0, 1, 0 };
    int64_t offset[6] = { 0, -1, -1, -1, -1, -1 };
    double term_a[6] = { 0, 60, 120, 1.0 / 40, 120, 60 }, term_b[6] = { 0, 0, 60, 0, 60, 0 };
    hf_solver_game g = { 6, kind, player, first, count, offset, term_a, term_b, children, 5,
                         { n[0], n[1] }, { cards[0], cards[1] }, { weights[0], weights[1] },
                         { high[0], high[1] }, { low[0], low[1] }, card, board, 2,
                         { 3 * (int64_t)n[0], 0 }, 1e-9 };
    uint8_t what = next_byte(&r), value = next_byte(&r);
    int broken = 1;
    int32_t threads = 1 + next_byte(&r) % 3;   /* splits at the chance node: the same answer */
    switch (what % 13) {
    case 0: children[value % 5] = -(int32_t)(value % 3); break;   /* a cycle or a negative */
    case 1: kind[value % 6] = 4 + value % 3; break;
    case 2: player[0] = 2 + value % 5; break;
    case 3: offset[0] = 1 + value % 9; break;                     /* slots past the end */
    case 4: cards[value % 2][value % 4] = 52 + value % 9; break;
    case 5: cards[0][1] = cards[0][0]; break;                     /* a card twice */
    case 6: card[4 + value % 2] = -1 - (value % 3) * 30; break;
    case 7: board[4] = 2 + value % 9; break;
    case 8: count[0] = 4 + value % 9; break;
    case 9: g.n_combos[value % 2] = -(int32_t)(value % 2); break;
    case 10: g.n_boards = value % 2 ? 0 : 53; break;
    case 11: threads = -(int32_t)(value % 2); break;              /* no thread: refused */
    default: broken = 0;
    }
    double *regret[2], *strategy[2];
    for (int p = 0; p < 2; p++) {
        regret[p] = solver_buffer(g.sizes[p]);
        strategy[p] = solver_buffer(g.sizes[p]);
    }
    int32_t no = g.n_combos[1] > 0 ? g.n_combos[1] : 1;
    double *reach = solver_buffer(no), *sums = solver_buffer(2 * (int64_t)no + 8);
    for (int32_t j = 0; j < no; j++) reach[j] = 1;
    double out[3] = { 0, 0, 0 };
    int32_t a = hf_solver_iterate(&g, regret[0], regret[1], strategy[0], strategy[1], 1,
                                  1 + value % 3, threads);
    for (int64_t s = 0; s < g.sizes[0] && !broken; s++) strategy[0][s] = 1.0 / 3;
    int32_t b = hf_solver_evaluate(&g, strategy[0], strategy[1], out, threads);
    int32_t c = hf_solver_showdown_sums(&g, 0, reach, sums);
    if (broken) {
        if (a >= 0 || b >= 0 || (what % 13 != 11 && c >= 0))   /* c takes no threads */
            FAIL("solver: a broken game (case %d) was not refused: %d %d %d", what % 13, a, b, c);
    } else {
        if (a || b || c)
            FAIL("solver: a valid game was refused: %d %d %d", a, b, c);
        if (!(out[0] + out[1] >= -1e-9) || out[0] != out[0] || out[2] != out[2])
            FAIL("solver: best responses %g + %g below 0", out[0], out[1]);
        valid_checked++;
    }
    if (hf_solver_iterate(NULL, regret[0], regret[1], strategy[0], strategy[1], 1, 1, 1) >= 0
        || hf_solver_evaluate(&g, strategy[0], strategy[1], NULL, 1) >= 0)
        FAIL("solver: a NULL pointer was not refused");
    for (int p = 0; p < 2; p++) {
        free(cards[p]); free(high[p]); free(low[p]); free(weights[p]);
        free(regret[p]); free(strategy[p]);
    }
    free(reach); free(sums);
}

/* ---- several boards: settlement (hf_settle_boards) and equity (hf_boards_*) ---- */

static void drive_settle_boards(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t n = plausible ? 2 + next_byte(&r) % 9 : next_count(&r);
    int32_t nb = plausible ? 1 + next_byte(&r) % 4 : next_byte(&r) & 1 ? 50 + next_byte(&r) % 4
                                                                         : next_count(&r);
    int32_t cap_n = n < 0 ? 0 : n > 11 ? 11 : n, cap_b = nb < 0 ? 0 : nb > 53 ? 53 : nb;
    size_t width = (size_t)cap_n * (size_t)cap_b + 1;
    int32_t *high = (flags & 1) && !plausible ? NULL : malloc(sizeof(int32_t) * width);
    int32_t *low = (flags & 2) && !plausible ? NULL : malloc(sizeof(int32_t) * width);
    uint8_t *live = (flags & 4) && !plausible ? NULL : malloc((size_t)cap_n + 1);
    int64_t *chips = (flags & 16) && !plausible ? NULL : malloc(sizeof(int64_t) * ((size_t)cap_n + 1));
    int64_t *payouts = (flags & 32) && !plausible ? NULL : malloc(sizeof(int64_t) * ((size_t)cap_n + 1));
    int values_ok = 1;
    for (size_t i = 0; i + 1 < width; i++) {
        uint8_t b = next_byte(&r);
        int32_t h = b < 250 ? (int32_t[]){ 1, 2, 7462, 3000 }[b % 4] : (b & 1 ? 0 : 7463);
        int32_t l = b < 250 ? (int32_t[]){ 0, 0, 1, 56 }[(b >> 2) % 4] : (b & 1 ? -1 : 57);
        if (high) high[i] = h;
        if (low) low[i] = l;
        if (h < 1 || h > 7462 || l < 0 || l > 56)
            values_ok = 0;   /* only an error when the seat is live: checked below */
    }
    static const int64_t hostile[] = { -1, INT64_MIN, INT64_MAX, (int64_t)1 << 61,
                                       ((int64_t)1 << 62) - 1, (int64_t)1 << 62 };
    int32_t n_live = 0;
    for (int32_t s = 0; s < cap_n; s++) {
        if (live)
            live[s] = (uint8_t)(next_byte(&r) < 150);
        n_live += live && live[s];
        uint8_t b = next_byte(&r);
        if (chips)
            chips[s] = b < 240 || plausible ? b % 13 : hostile[b % 6];
        if (payouts)
            payouts[s] = -77;
    }
    int32_t button = plausible ? next_byte(&r) % n : next_count(&r);
    int32_t odd = plausible ? next_byte(&r) & 1 : next_count(&r);
    /* The expected error: pointers, counts and options, chips, then live values. */
    int32_t want = 0;
    if (!high || !low || !live || !chips || !payouts || nb < 1 || nb > 52 || n < 2 || n > 10
        || button < 0 || button >= n || (odd != 0 && odd != 1) || !n_live)
        want = HF_ERR_COUNT;
    int64_t total = 0;
    for (int32_t s = 0; !want && s < n; s++) {
        if (chips[s] < 0 || chips[s] >= ((int64_t)1 << 62) - total)
            want = HF_ERR_COUNT;
        else
            total += chips[s];
    }
    for (int32_t b = 0; !want && !values_ok && b < nb; b++)
        for (int32_t s = 0; s < n; s++) {
            int32_t h = high[b * n + s], l = low[b * n + s];
            if (live[s] && (h < 1 || h > 7462 || l < 0 || l > 56))
                want = HF_ERR_COUNT;
        }
    int32_t got = hf_settle_boards(n, nb, high, low, live, chips, button, odd, payouts);
    if (got != want)
        FAIL("settle_boards: expected %d, got %d (n=%d boards=%d)", want, got, n, nb);
    if (got)
        check_payouts_untouched(payouts, cap_n, "settle_boards", got);
    if (!got) {
        /* chips conserved; a folded seat gets back only what no live seat matched */
        int64_t paid = 0, top = 0;
        for (int32_t s = 0; s < n; s++)
            if (live[s] && chips[s] > top)
                top = chips[s];
        for (int32_t s = 0; s < n; s++) {
            if (payouts[s] < 0)
                FAIL("settle_boards: seat %d paid %lld", s, (long long)payouts[s]);
            if (!live[s] && payouts[s] != (chips[s] > top ? chips[s] - top : 0))
                FAIL("settle_boards: folded seat %d paid %lld", s, (long long)payouts[s]);
            paid += payouts[s];
        }
        if (paid != total)
            FAIL("settle_boards: paid %lld of %lld", (long long)paid, (long long)total);
        valid_checked++;
    }
    free(high);
    free(low);
    free(live);
    free(chips);
    free(payouts);
}

static void drive_boards(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags < 200, high = flags & 1;
    int32_t np = plausible ? 2 + next_byte(&r) % 3 : next_count(&r);
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    /* plausible: 1 to 3 boards (a third: run it three times, or double board's
     * boards and a run); the arrays hold HF_BOARDS_MAX boards, as the C may read */
    int32_t nb = plausible ? 1 + next_byte(&r) % 3 : next_count(&r);
    int32_t known[HF_BOARDS_MAX];
    for (int32_t b = 0; b < HF_BOARDS_MAX; b++)
        known[b] = 4 + next_byte(&r) % 2;
    if (!plausible)
        known[next_byte(&r) % HF_BOARDS_MAX] = next_count(&r);
    int32_t shared = plausible && nb >= 2 && (flags & 2);   /* run it N times: one prefix */
    int32_t deck[52], dealt = 0;
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    shuffled_deck(deck, &mix);
    int32_t holes[10 * 7], boards[5 * HF_BOARDS_MAX], nd = next_byte(&r) % 2, dead[1];
    int32_t cap_np = np < 0 ? 0 : np > 10 ? 10 : np, cap_nh = nh < 0 ? 0 : nh > 7 ? 7 : nh;
    for (int32_t i = 0; i < cap_np * cap_nh; i++)
        holes[i] = plausible && dealt < 40 ? deck[dealt++] : next_card(&r);
    for (int32_t b = 0; b < HF_BOARDS_MAX; b++)
        for (int32_t i = 0; i < 5; i++)
            boards[b * 5 + i] = (shared && b >= 1) || (plausible && b >= 3) ? boards[i]
                : plausible ? deck[dealt++] : next_card(&r);
    dead[0] = plausible ? deck[dealt++] : next_card(&r);
    hf_boards_tally t, u, v;
    int64_t deals = hf_boards_deals(holes, np, nh, boards, known, nb, dead, nd);
    if (plausible && deals <= 0)
        FAIL("boards_deals: %lld on a plausible spot", (long long)deals);
    if ((deals >= 0 && hf_boards_enumerate(holes, np, nh, boards, known, nb, dead, nd, high, 0,
                                           1, NULL) != HF_ERR_COUNT)
        || hf_boards_deals(holes, np, nh, NULL, known, nb, dead, nd) != HF_ERR_COUNT)
        FAIL("boards: NULL accepted");
    if (deals < 0) {
        if (hf_boards_sample(holes, np, nh, boards, known, nb, dead, nd, high, 1, 1, &t) != deals
            || hf_boards_enumerate(holes, np, nh, boards, known, nb, dead, nd, high, 0, 1, &t)
               != deals)
            FAIL("boards: the error of deals (%lld) is not everyone's", (long long)deals);
        return;
    }
    /* Exact: every deal once, each pot shared out whole; two parts add up. */
    int32_t got = hf_boards_enumerate(holes, np, nh, boards, known, nb, dead, nd, high, 0, 1, &t);
    if (got)
        FAIL("boards_enumerate: error %d on a spot of %lld deals", got, (long long)deals);
    if (hf_boards_enumerate(holes, np, nh, boards, known, nb, dead, nd, high, 0, 2, &u)
        || hf_boards_enumerate(holes, np, nh, boards, known, nb, dead, nd, high, 1, 2, &v))
        FAIL("boards_enumerate: a part refused");
    int64_t shares = 0;
    for (int32_t p = 0; p < np; p++) {
        shares += t.share[p];
        if (u.share[p] + v.share[p] != t.share[p] || u.share_sq[p] + v.share_sq[p] != t.share_sq[p]
            || u.scoop[p] + v.scoop[p] != t.scoop[p])
            FAIL("boards_enumerate: the parts do not add up");
        if (high && (t.win_low[0][p] || t.tie_low[0][p] || t.win_low[1][p] || t.tie_low[1][p]))
            FAIL("boards_enumerate: a low in a high-only game");
    }
    int64_t pot = hf_boards_pot(nb);
    if (pot <= 0 || pot % nb || pot / nb % 5040)   /* a half of a board splits 1..10 ways */
        FAIL("boards_pot: %lld for %d boards", (long long)pot, nb);
    if (t.deals != deals || u.deals + v.deals != deals || shares != deals * pot)
        FAIL("boards_enumerate: %lld deals, shares %lld", (long long)t.deals, (long long)shares);
    uint64_t seed = next_byte(&r);
    int64_t count = next_byte(&r) % 5;
    if (hf_boards_sample(holes, np, nh, boards, known, nb, dead, nd, high, seed, count, &u)
        || hf_boards_sample(holes, np, nh, boards, known, nb, dead, nd, high, seed, count, &v)
        || u.deals != count || memcmp(&u, &v, sizeof u))
        FAIL("boards_sample: one seed, two answers, or a refusal");
    shares = 0;
    for (int32_t p = 0; p < np; p++)
        shares += u.share[p];
    if (shares != count * pot)
        FAIL("boards_sample: shares %lld of %lld deals", (long long)shares, (long long)count);
    /* The rows form: the spot's hands twice, `count` deals then one, add up to
     * one tally of count + 1 deals; a negative count or NULL is refused. */
    int32_t rows[2 * 10 * 7];
    int64_t counts[2] = { count, 1 };
    memcpy(rows, holes, sizeof(int32_t) * (size_t)(np * nh));
    memcpy(rows + np * nh, holes, sizeof(int32_t) * (size_t)(np * nh));
    if (hf_boards_sample_rows(rows, 2, counts, np, nh, boards, known, nb, dead, nd, high, seed,
                             &u) || u.deals != count + 1)
        FAIL("boards_sample_rows: refused, or %lld deals", (long long)u.deals);
    shares = 0;
    for (int32_t p = 0; p < np; p++)
        shares += u.share[p];
    if (shares != (count + 1) * pot)
        FAIL("boards_sample_rows: shares %lld", (long long)shares);
    counts[1] = -1;
    if (hf_boards_sample_rows(rows, 2, counts, np, nh, boards, known, nb, dead, nd, high, seed,
                              &u) != HF_ERR_COUNT
        || hf_boards_sample_rows(NULL, 1, counts, np, nh, boards, known, nb, dead, nd, high,
                                 seed, &u) != HF_ERR_COUNT
        || hf_boards_pot(0) != HF_ERR_COUNT || hf_boards_pot(HF_BOARDS_MAX + 1) != HF_ERR_COUNT)
        FAIL("boards_sample_rows / boards_pot: a bad count accepted");
    valid_checked++;
}

/* ---- hand classes (hf_classify, hf_classify_many): rows of plausible or
 * hostile holes on a flop, turn or river with a few dead cards; the rows'
 * classes must agree with one hf_classify each, the high and low with the
 * brute force, and the first row's ranks with a count over every unseen pair;
 * an error writes nothing ---- */

/* 1 + distinct best highs (lows) better than the hero's that a pair of cards
 * in `unseen` makes with the board, 2 of the pair and 3 of the board. */
static void brute_ranks(uint64_t unseen, const int32_t *board, int32_t nb, int32_t high,
                        int32_t low, int32_t *high_rank, int32_t *low_rank)
{
    static uint8_t high_seen[7464];   /* (7463: no hand; never counted) */
    uint8_t low_seen[57] = { 0 };
    memset(high_seen, 0, sizeof high_seen);
    *high_rank = 1;
    *low_rank = low ? 1 : 0;
    for (int32_t p = 0; p < 52; p++)
        for (int32_t q = p + 1; q < 52 && (unseen >> p & 1); q++) {
            if (!(unseen >> q & 1))
                continue;
            int32_t pair[2] = { p, q }, h = 7463, l = 0;
            for (int32_t a = 0; a < nb; a++)
                for (int32_t b = a + 1; b < nb; b++)
                    for (int32_t c = b + 1; c < nb; c++) {
                        int32_t five[5] = { pair[0], pair[1], board[a], board[b], board[c] };
                        int32_t fh = hf_high5(five), fl = hf_low5(five);
                        h = fh < h ? fh : h;
                        l = fl && (!l || fl < l) ? fl : l;
                    }
            if (h < high && !high_seen[h]++)
                ++*high_rank;
            if (low && l && l < low && !low_seen[l]++)
                ++*low_rank;
        }
}

static void check_class(const hf_class *c, const int32_t *hole, int32_t nh, const int32_t *board,
                        int32_t nb)
{
    int32_t high, low;
    brute_omaha(hole, nh, board, nb, &high, &low);
    if (c->high != high || c->low != low)
        FAIL("classify: (%d, %d), brute force says (%d, %d)", c->high, c->low, high, low);
    int32_t flags[3] = { c->nut_flush_draw, c->nut_flush_blocker, c->nut_low_blocker };
    for (int k = 0; k < 3; k++)
        if (flags[k] != 0 && flags[k] != 1)
            FAIL("classify: flag %d is %d", k, flags[k]);
    if (c->high_rank < 1 || c->high_rank > high || (c->low_rank == 0) != (c->low == 0)
        || c->low_rank < 0 || c->low_rank > (low ? low : 0))
        FAIL("classify: ranks %d, %d for values %d, %d", c->high_rank, c->low_rank, high, low);
    int32_t outs[6] = { c->low_counterfeit, c->flush_outs, c->straight_outs, c->low_outs,
                        c->nut_low_outs, c->straight_ranks };
    for (int k = 0; k < 6; k++)
        if (outs[k] < 0 || outs[k] > 47 || (nb == 5 && outs[k]))
            FAIL("classify: outs field %d is %d (board of %d)", k, outs[k], nb);
    if (c->straight_ranks > 13 || c->straight_outs > 4 * c->straight_ranks
        || c->flush_outs > 26 || (nb == 5 && c->nut_flush_draw) || (low && c->low_outs))
        FAIL("classify: straights %d/%d, flush outs %d, low outs %d with a low %d",
             c->straight_ranks, c->straight_outs, c->flush_outs, c->low_outs, low);
}

static void drive_classify(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? 3 + next_byte(&r) % 3 : next_count(&r);
    int32_t nd = plausible ? next_byte(&r) % 3 : next_byte(&r) & 1 ? next_count(&r) : 60;
    uint8_t rows_byte = next_byte(&r);
    int64_t n_rows = rows_byte < 240 ? rows_byte % 4 : rows_byte & 1 ? -1 : INT64_MIN;
    int32_t cap_rows = n_rows < 0 ? 0 : (int32_t)n_rows;
    int32_t cap_nh = nh < 0 ? 0 : nh > 9 ? 9 : nh;
    /* plausible: distinct cards off one shuffled deck, then one byte in four
     * spoiling a card (a duplicate, a board card, or out of range) */
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    int32_t deck[52], dealt = 0;
    shuffled_deck(deck, &mix);
    int32_t *board = next_cards(&r, nb, !plausible && (flags & 1), 0);
    int32_t *dead = next_cards(&r, nd, !plausible && (flags & 2), 0);
    size_t n_cards = (size_t)cap_rows * (size_t)cap_nh;
    int32_t *holes = !plausible && (flags & 4) ? NULL
                   : malloc(sizeof(int32_t) * (n_cards ? n_cards : 1));
    hf_class *out = !plausible && (flags & 16) ? NULL
                  : malloc(sizeof(hf_class) * (size_t)(cap_rows ? cap_rows : 1));
    int64_t bad_row = -77, *bad = !plausible && (flags & 32) ? NULL : &bad_row;
    for (int32_t i = 0; board && i < (nb < 0 ? 0 : nb > 9 ? 9 : nb); i++)
        board[i] = plausible ? deck[dealt++] : board[i];
    for (int32_t i = 0; dead && i < (nd < 0 ? 0 : nd > 9 ? 9 : nd); i++)
        dead[i] = plausible ? deck[dealt++] : dead[i];
    for (size_t i = 0; holes && i < n_cards; i++) {
        uint8_t b = next_byte(&r);
        holes[i] = plausible && b >= 64 ? deck[dealt++] : plausible ? deck[b % 52] : next_card(&r);
    }
    if (out)
        memset(out, 0x5a, sizeof(hf_class) * (size_t)(cap_rows ? cap_rows : 1));

    /* the contract's order: counts and pointers, board and dead, then the rows;
     * spot: what the board and dead alone give (hf_classify has no bad_row) */
    int32_t spot = !board || nb < 3 || nb > 5 || nh < 4 || nh > 6 || nd < 0 || nd > 52
                   || (nd && !dead) ? HF_ERR_COUNT : expected_error(board, nb, dead, nd);
    int32_t known[14];   /* the board and dead, once they are valid (nd <= 9 then) */
    if (!spot)
        join_known(known, board, nb, dead, nd);
    int32_t want = !bad ? HF_ERR_COUNT : spot;
    int64_t want_row = -1;
    if (!want && (n_rows < 0 || (n_rows && (!holes || !out))))
        want = HF_ERR_COUNT;
    for (int32_t row = 0; !want && row < cap_rows; row++)
        if ((want = expected_error(known, nb + nd, holes + row * nh, nh)))
            want_row = row;
    int32_t got = hf_classify_many(holes, n_rows, nh, board, nb, dead, nd, out, bad);
    if (got != want || (bad && bad_row != want_row))
        FAIL("classify_many: expected %d at row %lld, got %d at row %lld (nh=%d nb=%d nd=%d)",
             want, (long long)want_row, got, (long long)bad_row, nh, nb, nd);
    if (got)
        check_untouched(out, sizeof(hf_class) * (size_t)cap_rows, 0x5a, "classify_many", got);
    /* hf_classify: the same checks on one row, the same answer */
    for (int32_t row = 0; row < (cap_rows ? cap_rows : 1); row++) {
        const int32_t *hole = cap_rows && holes ? holes + row * cap_nh : holes;
        hf_class one;
        memset(&one, 0x5a, sizeof one);
        if (!cap_rows)  /* no row buffer: NULL, refused after the board and dead */
            hole = NULL;
        int32_t one_want = spot;
        if (!one_want)
            one_want = !hole ? HF_ERR_COUNT : expected_error(known, nb + nd, hole, nh);
        int32_t one_got = hf_classify(hole, nh, board, nb, dead, nd, &one);
        if (one_got != one_want)
            FAIL("classify: expected %d, got %d", one_want, one_got);
        if (one_got) {
            check_untouched(&one, sizeof one, 0x5a, "classify", one_got);
            continue;
        }
        if (!got && memcmp(&one, out + row, sizeof one))
            FAIL("classify: row %d differs from classify_many's", row);
        check_class(&one, hole, nh, board, nb);
        if (row == 0) {
            uint64_t unseen = ((uint64_t)1 << 52) - 1;
            for (int32_t k = 0; k < nb + nd; k++)
                unseen &= ~((uint64_t)1 << known[k]);
            for (int32_t k = 0; k < nh; k++)
                unseen &= ~((uint64_t)1 << hole[k]);
            int32_t high_rank, low_rank;
            brute_ranks(unseen, board, nb, one.high, one.low, &high_rank, &low_rank);
            if (one.high_rank != high_rank || one.low_rank != low_rank)
                FAIL("classify: ranks (%d, %d), every unseen pair says (%d, %d)",
                     one.high_rank, one.low_rank, high_rank, low_rank);
        }
        valid_checked++;
        classes_checked++;
    }
    free(board);
    free(dead);
    free(holes);
    free(out);
}

/* ---- range against range (hf_range_vs_range, and hf_range_vs_range_tally's
 * every field): up to 6 combos a side, from a
 * pool of 12 cards so that combos share cards (the inclusion-exclusion's
 * hard case), on a turn or river (a flop with tiny ranges), weights plain,
 * fractional, zero, negative or not finite; checked pair by pair over every
 * runout with the brute force; a refusal before the combos are read writes
 * nothing ---- */

static void drive_range_vs_range(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    int32_t nh = plausible ? 4 + next_byte(&r) % 3 : next_count(&r);
    int32_t nb = plausible ? (flags & 64 ? 3 : 4 + next_byte(&r) % 2) : next_count(&r);
    int32_t nd = plausible ? next_byte(&r) % 3 : next_byte(&r) & 1 ? next_count(&r) : 60;
    int32_t most = nb == 3 ? 2 : 6;
    int64_t n[2];
    for (int p = 0; p < 2; p++) {
        uint8_t b = next_byte(&r);
        n[p] = b < 240 || plausible ? b % (most + 1) : b & 1 ? -1 : INT64_MIN;
    }
    int32_t cap_nh = nh < 0 ? 0 : nh > 9 ? 9 : nh;
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    int32_t deck[52];
    shuffled_deck(deck, &mix);
    int32_t *board = next_cards(&r, nb, !plausible && (flags & 1), 0);
    int32_t *dead = next_cards(&r, nd, !plausible && (flags & 2), 0);
    int32_t cap_nb = nb < 0 ? 0 : nb > 9 ? 9 : nb, cap_nd = nd < 0 ? 0 : nd > 9 ? 9 : nd;
    for (int32_t i = 0; plausible && i < cap_nb; i++)
        board[i] = deck[i];
    for (int32_t i = 0; plausible && i < cap_nd; i++)
        dead[i] = deck[cap_nb + i];
    const int32_t *pool = deck + cap_nb + cap_nd;  /* 12 cards the combos are dealt from */
    int32_t *combos[2];
    double *weights[2];
    int finite = 1, nonnegative = 1;
    for (int p = 0; p < 2; p++) {
        int32_t rows = n[p] < 0 ? 0 : (int32_t)n[p];
        size_t cards = (size_t)rows * (size_t)cap_nh;
        combos[p] = (flags & (16 << p)) && !plausible ? NULL
                  : malloc(sizeof(int32_t) * (cards ? cards : 1));
        weights[p] = (flags & (64 << p)) && !plausible ? NULL
                   : malloc(sizeof(double) * (size_t)(rows ? rows : 1));
        for (int32_t i = 0; i < rows; i++) {
            int32_t picks[12];
            for (int32_t k = 0; k < 12; k++)
                picks[k] = pool[k];
            for (int32_t k = 0; k < cap_nh && combos[p]; k++) {   /* distinct pool cards */
                uint8_t b = next_byte(&r);
                int32_t j = k + b % (12 - k), t = picks[k];
                picks[k] = picks[j];
                picks[j] = t;
                combos[p][i * cap_nh + k] = b >= 248 ? next_card(&r) : b >= 244 ? deck[b % 8]
                                                                                : picks[k];
            }
            uint8_t w = next_byte(&r);
            static const double plain[] = { 1, 2, 0.5, 0, 0.1, 1.0 / 3, 3.25, -1 };
            double weight = w < 240 ? plain[w % 8] : w & 1 ? 0.0 / 0.0 : 1.0 / 0.0;
            finite &= w < 240;
            nonnegative &= weight >= 0;
            if (weights[p])
                weights[p][i] = weight;
        }
    }
    int32_t rows_a = n[0] < 0 ? 0 : (int32_t)n[0];
    int no_out = (flags & 4) && !plausible;
    double *share = no_out && !(flags & 32) ? NULL
                  : malloc(sizeof(double) * (size_t)(rows_a ? rows_a : 1));
    double *weight = no_out && (flags & 32) ? NULL
                   : malloc(sizeof(double) * (size_t)(rows_a ? rows_a : 1));
    for (int32_t i = 0; i < rows_a; i++) {
        if (share) share[i] = -77.0;
        if (weight) weight[i] = -77.0;
    }

    int32_t want = 0, late = 0;   /* late: an error in the combos, after the outputs were zeroed */
    if (!board || nb < 3 || nb > 5 || nh < 4 || nh > 6 || n[0] < 0 || n[1] < 0 || nd < 0
        || nd > 52 || (nd && !dead) || (n[0] && (!combos[0] || !weights[0] || !share || !weight))
        || (n[1] && (!combos[1] || !weights[1])))
        want = HF_ERR_COUNT;
    if (!want)
        want = expected_error(board, nb, dead, nd);
    int32_t known[14];
    if (!want)
        join_known(known, board, nb, dead, nd);
    for (int p = 0; !want && n[0] && n[1] && p < 2; p++)
        for (int32_t i = 0; !want && i < n[p]; i++)
            late = (want = expected_error(known, nb + nd, combos[p] + i * nh, nh)) != 0;
    int32_t got = hf_range_vs_range(combos[0], weights[0], n[0], combos[1], weights[1], n[1], nh,
                                    board, nb, dead, nd, share, weight);
    if (got != want)
        FAIL("range_vs_range: expected %d, got %d (nh=%d nb=%d nd=%d n=%lld,%lld)", want, got,
             nh, nb, nd, (long long)n[0], (long long)n[1]);
    /* On an error nothing is written, but for a bad combo: the outputs are
     * zeroed before the combos are checked (hf_range_vs_range as it is). */
    for (int32_t i = 0; got && share && weight && i < rows_a; i++)
        if (share[i] != (late ? 0.0 : -77.0) || weight[i] != (late ? 0.0 : -77.0))
            FAIL("range_vs_range: output %d is %g, %g after error %d", i, share[i], weight[i], got);
    /* hf_range_vs_range_tally on the same spot (its one output in place of the
     * two): the same error, and each field pair by pair below */
    double *tally = !share || !weight ? NULL
                  : malloc(sizeof(double) * HF_RVR_FIELDS * (size_t)(rows_a ? rows_a : 1));
    if (tally) {
        int32_t got_tally = hf_range_vs_range_tally(combos[0], weights[0], n[0], combos[1],
                                                    weights[1], n[1], nh, board, nb, dead, nd,
                                                    tally);
        if (got_tally != got)
            FAIL("range_vs_range_tally: error %d, range_vs_range's %d", got_tally, got);
    }
    if (!got && finite) {
        /* pair by pair over every runout of the cards left */
        int32_t left[52], n_left = 0, need = 5 - nb;
        uint64_t gone = 0;
        for (int32_t k = 0; k < nb + nd; k++)
            gone |= (uint64_t)1 << known[k];
        for (int32_t c = 0; c < 52; c++)
            if (!(gone >> c & 1))
                left[n_left++] = c;
        double want_share[6] = { 0 }, want_weight[6] = { 0 }, scale = 0;
        double want_tally[6][HF_RVR_FIELDS];
        memset(want_tally, 0, sizeof want_tally);
        for (int32_t x = 0; x < (need ? n_left : 1); x++)
            for (int32_t y = (need == 2 ? x + 1 : 0); y < (need == 2 ? n_left : 1); y++) {
                int32_t full[5];
                memcpy(full, board, sizeof(int32_t) * (size_t)nb);
                if (need >= 1) full[nb] = left[x];
                if (need == 2) full[nb + 1] = left[y];
                int32_t high[2][6], low[2][6];
                for (int p = 0; p < 2; p++)
                    for (int32_t i = 0; i < n[p]; i++)
                        brute_omaha(combos[p] + i * nh, nh, full, 5, &high[p][i], &low[p][i]);
                for (int32_t i = 0; i < n[0]; i++)
                    for (int32_t j = 0; j < n[1]; j++) {
                        if (expected_error(combos[0] + i * nh, nh, combos[1] + j * nh, nh)
                            || expected_error(combos[0] + i * nh, nh, full + nb, need)
                            || expected_error(combos[1] + j * nh, nh, full + nb, need))
                            continue;   /* not dealt together, or not with this runout */
                        int32_t ha = high[0][i], la = low[0][i], hb = high[1][j], lb = low[1][j];
                        double hi = ha < hb ? 1 : ha == hb ? 0.5 : 0;
                        double lo = !la ? 0 : !lb || la < lb ? 1 : la == lb ? 0.5 : 0;
                        double s = !la && !lb ? hi : 0.5 * hi + 0.5 * lo;
                        want_share[i] += weights[1][j] * s;
                        want_weight[i] += weights[1][j];
                        double wb = weights[1][j], *f = want_tally[i];
                        int low_alone = la && (!lb || la < lb);
                        f[0] += wb * s;
                        f[1] += wb;
                        f[2] += wb * (ha < hb);
                        f[3] += wb * (ha == hb);
                        f[4] += wb * low_alone;
                        f[5] += wb * (la && la == lb);
                        f[6] += wb * (!la && !lb);
                        f[7] += wb * (ha < hb && (la ? low_alone : !lb));
                        f[8] += wb * (hb < ha && (la ? lb && lb < la : 1));
                        f[9] += 1;
                        scale += weights[1][j] < 0 ? -weights[1][j] : weights[1][j];
                    }
            }
        for (int32_t i = 0; i < n[0]; i++) {
            double ds = share[i] - want_share[i], dw = weight[i] - want_weight[i];
            double tol = 1e-9 * (1 + scale);
            if (ds > tol || ds < -tol || dw > tol || dw < -tol)
                FAIL("range_vs_range: combo %d gets %.17g of %.17g, pair by pair %.17g of %.17g",
                     i, share[i], weight[i], want_share[i], want_weight[i]);
            if (nonnegative && (share[i] < -tol || share[i] > weight[i] + tol))
                FAIL("range_vs_range: combo %d share %g outside [0, %g]", i, share[i], weight[i]);
            for (int32_t f = 0; tally && f < HF_RVR_FIELDS; f++) {
                double d = tally[i * HF_RVR_FIELDS + f] - want_tally[i][f];
                if (d > tol || d < -tol)
                    FAIL("range_vs_range_tally: combo %d field %d is %.17g, pair by pair %.17g",
                         i, f, tally[i * HF_RVR_FIELDS + f], want_tally[i][f]);
            }
        }
        valid_checked++;
        rvr_checked++;
    }
    for (int p = 0; p < 2; p++) {
        free(combos[p]);
        free(weights[p]);
    }
    free(board);
    free(dead);
    free(share);
    free(weight);
    free(tally);
}

/* ---- preflop rankings (hf_ranking_sample): whole random tables of 2-10
 * seats, 4 or 5 cards, some seats from a range of disjoint combos; counts,
 * classes and cards spoiled; on an error nothing is added, else every deal
 * credits each random seat once, a table without range seats shares out
 * exactly one pot a deal, and the same seed adds the same sums ---- */

#define RANKING_CLASSES 7   /* the class table: hand i is in class i % 7 */

static int32_t *ranking_table[2];

static void free_ranking_classes(void)   /* (valgrind counts what is still reachable) */
{
    free(ranking_table[0]);
    free(ranking_table[1]);
}

static const int32_t *ranking_classes(int32_t n_hole)
{
    int32_t **table = ranking_table;
    int k = n_hole == 5;
    if (!table[0] && !table[1])
        atexit(free_ranking_classes);
    if (!table[k]) {
        int64_t n = n_hole == 5 ? 2598960 : 270725;
        table[k] = malloc(sizeof(int32_t) * (size_t)n);
        if (!table[k])
            FAIL("ranking: out of memory");
        for (int64_t i = 0; i < n; i++)
            table[k][i] = (int32_t)(i % RANKING_CLASSES);
    }
    return table[k];
}

static void drive_ranking(const uint8_t *data, size_t size)
{
    reader r = { data, size, 0 };
    uint8_t flags = next_byte(&r);
    int plausible = flags & 8;
    /* 5-card tables one time in sixteen: each call checks every class of the
     * 2,598,960 hands, the bulk of the driver's time */
    int32_t n_hole = plausible ? 4 + ((flags & 1) && next_byte(&r) < 16) : next_count(&r);
    int32_t n_players = plausible ? 2 + next_byte(&r) % 9 : next_count(&r);
    if (plausible && n_players * n_hole + 5 > 52)
        n_players = (52 - 5) / n_hole;
    int32_t n_range_seats = plausible ? next_byte(&r) % 3 : next_count(&r);
    if (plausible && n_range_seats >= n_players)
        n_range_seats = n_players - 1;
    int64_t n_hands = (n_hole == 4 || n_hole == 5) ? (n_hole == 4 ? 270725 : 2598960) : 0;
    uint8_t b = next_byte(&r);
    if (!plausible && b >= 224)
        n_hands += b & 1 ? 1 : -1;
    int32_t n_classes = plausible || b < 192 ? RANKING_CLASSES
                      : (int32_t)(b % (RANKING_CLASSES + 2)) - 1;
    int64_t count = plausible ? next_byte(&r) % 5 : next_byte(&r) < 240 ? next_byte(&r) % 5
                  : next_byte(&r) & 1 ? -1 : (int64_t)HF_EQUITY_MAX_COUNT + 1;
    uint64_t seed = (uint64_t)next_byte(&r) << 40 | next_byte(&r);
    /* the range: disjoint rows off one shuffled deck (so the seats always fit
     * together in time); when not plausible, one card in eight spoiled within
     * its own row (a card out of range, or the row's first card again: rows
     * that shared a card could make a range whose seats never fit together,
     * which hf_ranking_sample refuses only after 100,000 draws, deals added) */
    int32_t cap_hole = n_hole < 0 ? 0 : n_hole > 5 ? 5 : n_hole;
    int32_t most = cap_hole ? 52 / cap_hole : 0;
    int64_t wanted = n_range_seats > 0 ? (int64_t)n_range_seats + next_byte(&r) % 3
                                        : next_byte(&r) % 2;
    int32_t n_range = wanted > most ? most : (int32_t)wanted;
    uint64_t mix = (uint64_t)next_byte(&r) << 8 | next_byte(&r);
    int32_t deck[52];
    shuffled_deck(deck, &mix);
    int32_t *range = !plausible && (flags & 2) ? NULL
                   : malloc(sizeof(int32_t) * (size_t)(n_range * cap_hole + 1));
    for (int32_t k = 0; range && k < n_range * cap_hole; k++) {
        uint8_t spoil = next_byte(&r);
        range[k] = !plausible && spoil >= 224 ? (spoil & 1 && k % cap_hole ? range[k - k % cap_hole]
                                                                          : 60)
                 : deck[k];
    }
    int64_t sums[3][RANKING_CLASSES], again[3][RANKING_CLASSES];
    memset(sums, 0x5a, sizeof sums);
    int64_t *out[3] = { sums[0], sums[1], sums[2] };
    if (!plausible && (flags & 4))
        out[next_byte(&r) % 3] = NULL;

    int32_t want = 0;
    if (n_players < 2 || n_players > 10 || n_hole < 4 || n_hole > 5 || n_range_seats < 0
        || n_range_seats >= n_players || n_players * n_hole + 5 > 52
        || n_hands != (n_hole == 4 ? 270725 : 2598960) || n_classes < 1
        || !out[0] || !out[1] || !out[2] || count < 0 || count > HF_EQUITY_MAX_COUNT
        || (n_range_seats && (!range || n_range < 1)))
        want = HF_ERR_COUNT;
    else if (n_classes < RANKING_CLASSES)
        want = HF_ERR_COUNT;   /* a class in the table past n_classes */
    for (int32_t row = 0; !want && n_range_seats && row < n_range; row++)
        want = expected_error(range + row * n_hole, n_hole, NULL, 0);
    int32_t table_ok = n_hole == 4 || n_hole == 5;
    int32_t got = hf_ranking_sample(n_players, n_hole, table_ok ? ranking_classes(n_hole) : NULL,
                                    n_hands, n_classes, range, n_range, n_range_seats, seed,
                                    count, out[0], out[1], out[2]);
    if (got != want)
        FAIL("ranking: expected %d, got %d (players %d, hole %d, range seats %d, classes %d, "
             "count %lld)", want, got, n_players, n_hole, n_range_seats, n_classes,
             (long long)count);
    if (got) {
        check_untouched(sums, sizeof sums, 0x5a, "ranking", got);
    } else {
        int64_t samples = 0, shares = 0;
        for (int32_t c = 0; c < RANKING_CLASSES; c++) {
            int64_t added = sums[2][c] - 0x5a5a5a5a5a5a5a5all;
            int64_t share = sums[0][c] - 0x5a5a5a5a5a5a5a5all;
            int64_t square = sums[1][c] - 0x5a5a5a5a5a5a5a5all;
            if (added < 0 || share < 0 || share > added * HF_EQUITY_POT
                || square < 0 || square > share * HF_EQUITY_POT)
                FAIL("ranking: class %d got %lld samples, share %lld, squares %lld", c,
                     (long long)added, (long long)share, (long long)square);
            samples += added;
            shares += share;
        }
        if (samples != count * (n_players - n_range_seats))
            FAIL("ranking: %lld samples for %lld deals of %d random seats", (long long)samples,
                 (long long)count, n_players - n_range_seats);
        if (!n_range_seats && shares != count * HF_EQUITY_POT)
            FAIL("ranking: %lld pot units shared out in %lld deals", (long long)shares,
                 (long long)count);
        memset(again, 0x5a, sizeof again);
        if (hf_ranking_sample(n_players, n_hole, ranking_classes(n_hole), n_hands, n_classes,
                              range, n_range, n_range_seats, seed, count, again[0], again[1],
                              again[2])
            || memcmp(again, sums, sizeof sums))
            FAIL("ranking: the same seed added other sums");
        valid_checked++;
    }
    free(range);
}

typedef void (*driver)(const uint8_t *, size_t);
static const driver DRIVERS[] = {
    drive_high5, drive_low5, drive_omaha_packed, drive_omaha_best, drive_equity, drive_batch,
    drive_omaha_bytes, drive_settle, drive_selfplay, drive_splitmix64, drive_hand,
    drive_range_equity, drive_vector_env, drive_env_observe, drive_settle_boards, drive_boards,
    drive_solver, drive_classify, drive_range_vs_range, drive_ranking,
};
#define N_DRIVERS (sizeof DRIVERS / sizeof DRIVERS[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    DRIVERS[data[0] % N_DRIVERS](data + 1, size - 1);
    return 0;
}

#ifndef HF_LIBFUZZER
/* xorshift64*: a fixed, portable stream, so a run is reproducible by seed. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ull;
}

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint8_t buf[4096];
    size_t size = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, size);
    return 0;
}

/* c_driver [-n ITERATIONS] [-s SEED] [FILE...] */
int main(int argc, char **argv)
{
    long iterations = 100000;
    uint64_t seed = 1;
    int replayed = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            iterations = atol(argv[++i]);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (replay_file(argv[i]) == 0)
            replayed++;
        else
            return 2;
    }
    if (replayed) {
        printf("c_driver: replayed %d file(s), no failure\n", replayed);
        return 0;
    }
    uint64_t state = seed * 0x9e3779b97f4a7c15ull + 1;
    uint8_t buf[64];
    for (long it = 0; it < iterations; it++) {
        size_t size = 1 + next_random(&state) % sizeof buf;
        for (size_t k = 0; k < size; k++)
            buf[k] = (uint8_t)(next_random(&state) >> 56);
        LLVMFuzzerTestOneInput(buf, size);
    }
    printf("c_driver: %ld inputs over %zu entry points (seed %llu), %ld valid answers "
           "checked (%ld vector steps in a table episode's later hands, %ld episodes cut at "
           "max_hands, %ld hand classes, %ld range-against-range spots), every error code right, "
           "no failure\n",
           iterations, (size_t)N_DRIVERS, (unsigned long long)seed, valid_checked,
           table_hands_checked, table_cuts, classes_checked, rvr_checked);
    return 0;
}
#endif
