/* thread_scaling.c: the equity kernels on 1 and 2 pthreads, no Python.
 *
 * Separates what the machine gives two threads from what hilo-fast's Python
 * thread pool costs: the same chunks as hilo_fast.equity (deals handed out
 * one chunk at a time from a shared counter, each thread summing its own
 * tally), timed in wall and CPU seconds, beside two controls on private
 * arithmetic (no memory, no tables): one dependent chain, which leaves most
 * of a core's execution units idle, and eight independent chains, which
 * keep them busy. If two vCPUs share one physical core (SMT siblings), the
 * second control pays for the split in CPU time and the first does not.
 * Kind 4 is evaluate_batch's kernel: hf_omaha_batch on blocks of a million
 * random rows (4 hole + 5 board cards), each block checked then evaluated.
 *
 *     cc -O3 -std=c99 -Icsrc benchmarks/thread_scaling.c $(find csrc -mindepth 2 -name '*.c' ! -path 'csrc/py*') -lpthread -lm \
 *        -o /tmp/thread_scaling && /tmp/thread_scaling [chunk deals] [repeats] [kinds]
 *
 * kinds: the digits of the kinds to run (default 01234). The benchmarks
 * (bench_eval.py, bench_equity.py) run it beside their own threads=2 runs.
 */
#define _POSIX_C_SOURCE 199309L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hilo_fast.h"

static const int32_t HOLES[8] = { 51, 1, 46, 4, 20, 25, 30, 35 };  /* As2dKh3c vs 7c8d9hTs */
static const int32_t VS_RANDOM[8] = { 51, 1, 46, 4, -1, -1, -1, -1 };

enum { BATCH_ROWS = 1000000 };
static int32_t *batch_holes, *batch_boards, *batch_high, *batch_low;

/* A million rows of 9 distinct cards (a partial shuffle per row, xorshift). */
static void make_batch(void)
{
    batch_holes = malloc(sizeof(int32_t) * 4 * BATCH_ROWS);
    batch_boards = malloc(sizeof(int32_t) * 5 * BATCH_ROWS);
    batch_high = malloc(sizeof(int32_t) * BATCH_ROWS);
    batch_low = malloc(sizeof(int32_t) * BATCH_ROWS);
    if (!batch_holes || !batch_boards || !batch_high || !batch_low) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    uint64_t x = 2024;
    for (int64_t i = 0; i < BATCH_ROWS; i++) {
        int32_t deck[52];
        for (int32_t c = 0; c < 52; c++)
            deck[c] = c;
        for (int32_t k = 0; k < 9; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int32_t pick = k + (int32_t)(x % (uint64_t)(52 - k)), card = deck[pick];
            deck[pick] = deck[k];
            deck[k] = card;
            if (k < 4)
                batch_holes[i * 4 + k] = card;
            else
                batch_boards[i * 5 + k - 4] = card;
        }
    }
}

typedef struct {
    int kind;              /* 0 brute force, 1 Monte Carlo, 2 and 3 controls, 4 batch */
    int64_t total, chunk;
    int64_t next;          /* the next chunk's first deal (shared, atomic) */
    int64_t deals[2];      /* deals settled by each thread */
} job;

static double now(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *worker(void *arg)
{
    job *j = arg;
    int64_t mine = 0;
    for (;;) {
        int64_t first = __atomic_fetch_add(&j->next, j->chunk, __ATOMIC_RELAXED);
        if (first >= j->total)
            break;
        int64_t count = j->total - first < j->chunk ? j->total - first : j->chunk;
        hf_equity_tally t;
        if (j->kind == 0) {
            hf_equity_enumerate(HOLES, 2, 4, NULL, 0, NULL, 0, first, count, &t);
        } else if (j->kind == 1) {
            hf_equity_sample(VS_RANDOM, 2, 4, NULL, 0, NULL, 0, hf_splitmix64(5, (uint64_t)first),
                             count, &t);
        } else if (j->kind == 4) {
            int64_t bad;
            if (hf_omaha_batch(batch_holes + first * 4, 4, batch_boards + first * 5, 5, count,
                               batch_high + first, batch_low + first, &bad)) {
                fprintf(stderr, "batch: bad row %lld\n", (long long)(first + bad));
                exit(1);
            }
            t.deals = count;
        } else if (j->kind == 2) {  /* one dependent chain: latency-bound, few units busy */
            volatile uint64_t x = (uint64_t)first;
            for (int64_t i = 0; i < 40 * count; i++)
                x = x * 6364136223846793005u + 1;
            t.deals = count;
        } else {  /* eight independent chains: throughput-bound, the core's units busy */
            uint64_t x[8];
            for (int k = 0; k < 8; k++)
                x[k] = (uint64_t)first + (uint64_t)k;
            for (int64_t i = 0; i < 20 * count; i++)
                for (int k = 0; k < 8; k++)
                    x[k] = (x[k] ^ (x[k] >> 7)) + (x[k] << 3) + (uint64_t)k;
            volatile uint64_t sink = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];
            (void)sink;
            t.deals = count;
        }
        mine += t.deals;
    }
    return (void *)(intptr_t)mine;
}

/* Best wall and CPU seconds of `repeats` runs on n threads. */
static void run(int kind, int64_t total, int64_t chunk, int n, int repeats, double *wall,
                double *cpu)
{
    *wall = *cpu = 1e9;
    for (int r = 0; r < repeats; r++) {
        job j = { kind, total, chunk, 0, { 0, 0 } };
        pthread_t th[2];
        double w = now(CLOCK_MONOTONIC), c = now(CLOCK_PROCESS_CPUTIME_ID);
        for (int i = 0; i < n; i++)
            pthread_create(&th[i], NULL, worker, &j);
        int64_t settled = 0;
        for (int i = 0; i < n; i++) {
            void *got;
            pthread_join(th[i], &got);
            settled += (int64_t)(intptr_t)got;
        }
        w = now(CLOCK_MONOTONIC) - w;
        c = now(CLOCK_PROCESS_CPUTIME_ID) - c;
        if (settled != total) {
            fprintf(stderr, "settled %lld of %lld deals\n", (long long)settled, (long long)total);
            exit(1);
        }
        *wall = w < *wall ? w : *wall;
        *cpu = c < *cpu ? c : *cpu;
    }
}

int main(int argc, char **argv)
{
    int64_t chunk = argc > 1 ? atoll(argv[1]) : 32768;
    int repeats = argc > 2 ? atoi(argv[2]) : 5;
    const char *kinds = argc > 3 ? argv[3] : "01234";
    static const char *names[5] = {
        "brute-force exhaustive heads-up preflop", "Monte Carlo vs a random hand, 1M samples",
        "control: one dependent multiply chain (latency-bound)",
        "control: eight independent shift-add chains (throughput-bound)",
        "batch: hf_omaha_batch, 1M rows of 4 + 5 cards" };
    int64_t totals[5] = { 1086008, 1000000, 1000000, 1000000, BATCH_ROWS };
    for (int kind = 0; kind < 5; kind++) {
        double w1, c1, w2, c2;
        if (!strchr(kinds, '0' + kind))
            continue;
        if (kind == 4 && !batch_holes)
            make_batch();
        run(kind, totals[kind], chunk, 1, 1, &w1, &c1);  /* warm-up */
        run(kind, totals[kind], chunk, 1, repeats, &w1, &c1);
        run(kind, totals[kind], chunk, 2, repeats, &w2, &c2);
        printf("%s, chunks of %lld: 1 thread %.4f s (%.4f CPU), 2 threads %.4f s "
               "(%.4f CPU, %.2f cores used), speed-up x%.2f, CPU cost of the split x%.2f\n",
               names[kind], (long long)chunk, w1, c1, w2, c2, c2 / w2, w1 / w2, c2 / c1);
    }
    return 0;
}
