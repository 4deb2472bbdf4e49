/* Times Tatham's Pattern generator for bench/bench_generate.py (a benchmark tool, not part of the site).
 *
 * Built outside the repository against Simon Tatham's Portable Puzzle Collection (its sources: pattern.c
 * and the support files random.c, misc.c, malloc.c, nullfe.c), e.g. from the puzzles' source folder:
 *     gcc -O2 -I. -o pattern-bench /path/to/bench/pattern_driver.c pattern.c random.c misc.c malloc.c \
 *         nullfe.c -lm
 * Usage: pattern-bench WxH N [print]. Makes N puzzles of the size by the game's own `new_desc`, seeded
 * "0" to "N-1", and prints "N puzzles generated in S seconds." (CPU seconds, clock()), and with a third
 * argument each puzzle's description first. Pattern has one level: pictures its line solver finishes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles.h"

extern const struct game thegame;

int main(int argc, char **argv)
{
    game_params *params = thegame.default_params();
    int count = argc > 2 ? atoi(argv[2]) : 10, i;
    clock_t start;

    thegame.decode_params(params, argc > 1 ? argv[1] : "15");
    start = clock();
    for (i = 0; i < count; i++) {
        char seed[32], *aux = NULL, *desc;
        random_state *rs;

        sprintf(seed, "%d", i);
        rs = random_new(seed, strlen(seed));
        desc = thegame.new_desc(params, rs, &aux, false);
        if (argc > 3)
            printf("%s\n", desc);
        sfree(desc);
        sfree(aux);
        random_free(rs);
    }
    printf("%d puzzles generated in %f seconds.\n", count, (double)(clock() - start) / CLOCKS_PER_SEC);
    thegame.free_params(params);
    return 0;
}
