/* low.c: the 5-card 8-or-better low evaluator (ace low, A-to-5). */
#include <stdint.h>
#include "cards.h"

int32_t hf_low5(const int32_t cards[5])
{
    uint64_t seen = 0;
    int32_t err = cards ? hf_check_cards(cards, 5, &seen) : HF_ERR_COUNT;
    if (err)
        return err;
    return hf_low5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
}
