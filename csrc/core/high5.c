/* high5.c: the 5-card high evaluator (perfect hash over read-only tables). */
#include <stdint.h>
#include "cards.h"

int32_t hf_high5(const int32_t cards[5])
{
    uint64_t seen = 0;
    int32_t err = cards ? hf_check_cards(cards, 5, &seen) : HF_ERR_COUNT;
    if (err)
        return err;
    return hf_high5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
}
